import type { TrafficDay } from '@atrium/contract';

/**
 * A cell a spreadsheet will not run: text starting with = + - @ or a tab/return is prefixed
 * with ' (OWASP CSV injection), and quotes are doubled.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== String(value) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function trafficCsv(rows: TrafficDay[]): string {
  const lines = [['Day', 'Entries', 'Passby', 'Walk-in Rate (%)', 'Exits']];
  for (const r of rows)
    lines.push([r.day, String(r.entries), String(r.passby), String(r.walkInRate), String(r.exits)]);
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** With UTF-8's byte order mark first, as the server sends its CSV files, so Excel reads UTF-8. */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
