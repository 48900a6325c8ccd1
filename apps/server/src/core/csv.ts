/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab or carriage return that some programs strip first) gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines are sent in pieces of about this many characters, not one write per row. */
const PIECE = 64 * 1024;

type Cell = string | number | boolean | null | undefined;

/**
 * A CSV file as pieces to stream: the header, then a line for each row `rows` yields, drawn as
 * the reader takes them (Readable.from pulls only when the socket wants more).
 */
export async function* csvPieces(
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
): AsyncGenerator<string> {
  let piece = `${header.map(csvCell).join(',')}\r\n`;
  for await (const cells of rows) {
    piece += `${cells.map(csvCell).join(',')}\r\n`;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}
