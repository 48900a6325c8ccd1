import {
  PEOPLE_CSV_COLUMNS,
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
}

export type ParsedPeopleCsv = { ok: true; people: CsvPerson[] } | { ok: false; issue: PeopleImportIssue };

const fail = (line: number, field: string, rule: string, message: string): ParsedPeopleCsv => ({
  ok: false,
  issue: { line, field, rule, message },
});

/**
 * Reads a people CSV as spreadsheets write it: RFC 4180 quoting, CRLF or LF, a UTF-8 byte order
 * mark, blank lines anywhere. The header must name every column of the template and no other
 * (any order, any case). What makes the whole file unreadable is one issue; what is wrong with
 * a row is left to the row checks, so the preview can list every row's problems at once.
 */
export function parsePeopleCsv(text: string): ParsedPeopleCsv {
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
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''))
    .map(({ record, info }) => ({
      // csv-parse counts the line a record ends on; a quoted cell may span several.
      line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
      record,
    }));
  const [header, ...body] = rows;
  if (!header)
    return fail(1, 'header', 'required', `The file is empty: its first line must name the columns`);
  const names = header.record.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(PEOPLE_CSV_COLUMNS);
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
  return {
    ok: true,
    people: body.map(({ line, record }) => ({
      line,
      cells: Object.fromEntries(
        PEOPLE_CSV_COLUMNS.map((column) => [column, (record[index.get(column)!] ?? '').trim()]),
      ) as Record<PeopleCsvColumn, string>,
      overflow: record.length > names.length,
    })),
  };
}

/** csv-parse's message without its own "at line N" and option names. */
function csvProblem(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted cell is never closed';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return 'a quote inside a cell must be doubled ("")';
  return 'it cannot be read';
}
