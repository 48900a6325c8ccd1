import {
  PEOPLE_CSV_COLUMNS,
  PEOPLE_CSV_OPTIONAL_COLUMNS,
  PEOPLE_CSV_STATUS_COLUMN,
  PEOPLE_IMPORT_MAX_ROWS,
  type PeopleCsvColumn,
  type PeopleImportIssue,
} from '@atrium/contract';
import { CsvError, parse } from 'csv-parse/sync';

/** One people row of the file, its cells by column, and the line it starts on (header = 1). */
export interface CsvPerson {
  line: number;
  cells: Record<PeopleCsvColumn, string>;
  /** More cells than the header names: the row is misaligned (an unquoted comma). */
  overflow: boolean;
  /** Columns whose cell is not UTF-8 (its cell holds the text with U+FFFD for the bad bytes). */
  notUtf8: PeopleCsvColumn[];
}

export type ParsedPeopleCsv = { ok: true; people: CsvPerson[] } | { ok: false; issue: PeopleImportIssue };

const fail = (line: number, field: string, rule: string, message: string): ParsedPeopleCsv => ({
  ok: false,
  issue: { line, field, rule, message },
});

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A cell read byte for byte, as UTF-8 text again; `undefined` when its bytes are not UTF-8. */
function utf8Cell(latin1: string): string | undefined {
  try {
    return utf8.decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return undefined;
  }
}

/**
 * The file's text. A file with bytes that are not UTF-8 (a spreadsheet's legacy code page, an
 * encoded lone surrogate) is read byte for byte instead: CSV's own characters are ASCII, so its
 * cells split the same, and each cell is decoded on its own. Decoding the whole file would put
 * U+FFFD in place of the bad bytes and store that; this way the row check names the cell.
 */
function decodeFile(bytes: Buffer): { text: string; cell: (raw: string) => string | undefined } {
  const content = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(content), cell: (raw) => raw };
  } catch {
    return { text: content.toString('latin1'), cell: utf8Cell };
  }
}

/**
 * Reads a people CSV as spreadsheets write it: RFC 4180 quoting, CRLF or LF, a UTF-8 byte order
 * mark, blank lines anywhere. The header must name every column of the template, and may name
 * site and the export's status, and no other (any order, any case). What makes the whole file unreadable is one issue; what is wrong with
 * a row is left to the row checks, so the preview can list every row's problems at once.
 */
export function parsePeopleCsv(bytes: Buffer): ParsedPeopleCsv {
  const { text, cell } = decodeFile(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (5" screen) is kept as text, as spreadsheets read it.
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return fail(line, 'file', 'csv', `The file is not valid CSV near line ${line}: ${csvProblem(error)}`);
  }
  const rows = records
    .filter(({ record }) => record.some((raw) => raw.trim() !== ''))
    .map(({ record, info }) => {
      const decoded = record.map(cell);
      return {
        // csv-parse counts the line a record ends on; a quoted cell may span several.
        line: info.lines - record.reduce((n, raw) => n + (raw.match(/\n/g)?.length ?? 0), 0),
        record: decoded.map((value, i) => value ?? Buffer.from(record[i]!, 'latin1').toString('utf8')),
        notUtf8: new Set(decoded.flatMap((value, i) => (value === undefined ? [i] : []))),
      };
    });
  const [header, ...body] = rows;
  if (!header)
    return fail(1, 'header', 'required', `The file is empty: its first line must name the columns`);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const known = new Set<string>([
    ...PEOPLE_CSV_COLUMNS,
    ...PEOPLE_CSV_OPTIONAL_COLUMNS,
    PEOPLE_CSV_STATUS_COLUMN,
  ]);
  const unknown = names.filter((name) => !known.has(name));
  const missing = PEOPLE_CSV_COLUMNS.filter((column) => !names.includes(column));
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (unknown.length || missing.length || repeated.length) {
    const problems = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unknown.length ? `unknown ${unknown.map((n) => `"${n}"`).join(', ')}` : '',
      repeated.length ? `repeated ${repeated.join(', ')}` : '',
    ].filter(Boolean);
    return fail(
      header.line,
      'header',
      missing.length ? 'missing_column' : unknown.length ? 'unknown_column' : 'repeated_column',
      `The header row must name the columns ${PEOPLE_CSV_COLUMNS.join(', ')}: ${problems.join('; ')}`,
    );
  }
  if (body.length === 0) {
    return fail(header.line + 1, 'file', 'empty', 'The file has no people below its header row');
  }
  if (body.length > PEOPLE_IMPORT_MAX_ROWS) {
    return fail(
      1,
      'file',
      'max_rows',
      `The file has ${body.length} people; one import takes at most ${PEOPLE_IMPORT_MAX_ROWS}`,
    );
  }
  const index = new Map(names.map((name, i) => [name, i]));
  // An optional column the header leaves out reads as blank in every row.
  const columns = [...PEOPLE_CSV_COLUMNS, ...PEOPLE_CSV_OPTIONAL_COLUMNS];
  const cellOf = (record: string[], column: PeopleCsvColumn) => {
    const at = index.get(column);
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  return {
    ok: true,
    people: body.map(({ line, record, notUtf8 }) => ({
      line,
      cells: Object.fromEntries(columns.map((column) => [column, cellOf(record, column)])) as Record<
        PeopleCsvColumn,
        string
      >,
      overflow: record.length > names.length,
      notUtf8: columns.filter((column) => index.has(column) && notUtf8.has(index.get(column)!)),
    })),
  };
}

/** csv-parse's message without its own "at line N" and option names. */
function csvProblem(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted cell is never closed';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return 'a quote inside a cell must be doubled ("")';
  return 'it cannot be read';
}
