import { PEOPLE_CSV_COLUMNS } from '@atrium/contract';
import { csvCell } from '../../core/csv';
import type { ExportedPerson } from './people-import.repository';

/** The import's columns (so a file edited in a spreadsheet reads back), then the status. */
const EXPORT_HEADER = `${[...PEOPLE_CSV_COLUMNS, 'status'].join(',')}\r\n`;

/** Lines are sent in pieces of about this many characters, not one write per person. */
const PIECE = 64 * 1024;

/**
 * The people CSV, drawn from `people` as the reader takes it (Readable.from pulls only when the
 * socket wants more). Every cell goes through csvCell: a name such as "=HYPERLINK(...)" arrives
 * in a spreadsheet as text, not as a formula.
 */
export async function* peopleCsv(people: AsyncIterable<ExportedPerson>): AsyncGenerator<string> {
  let piece = EXPORT_HEADER;
  for await (const p of people) {
    piece += `${[
      p.first_name,
      p.last_name,
      p.email,
      p.employee_number,
      p.badge_number,
      p.department_name,
      p.role,
      p.start_date,
      p.active ? 'active' : 'disabled',
    ]
      .map(csvCell)
      .join(',')}\r\n`;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/** The template: the header an import needs and one example person. */
export function templateCsv(departmentName: string | null): string {
  const example = [
    'Ada',
    'Lovelace',
    'ada.lovelace@example.com',
    'E1001',
    'B1001',
    departmentName ?? '',
    'staff',
    '2026-01-05',
  ];
  return `${PEOPLE_CSV_COLUMNS.join(',')}\r\n${example.map(csvCell).join(',')}\r\n`;
}
