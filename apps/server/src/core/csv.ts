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
