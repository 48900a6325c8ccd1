import { PEOPLE_CSV_COLUMNS, PEOPLE_CSV_OPTIONAL_COLUMNS, PEOPLE_CSV_STATUS_COLUMN } from '@atrium/contract';
import { csvCell, csvPieces } from '../../core/csv';
import type { ExportedPerson } from './people-import.repository';

/**
 * The import's columns (so a file edited in a spreadsheet reads back), then the status. The site
 * is the person's own, blank when they follow their department, so a read-back keeps who follows.
 */
const EXPORT_HEADER = [...PEOPLE_CSV_COLUMNS, ...PEOPLE_CSV_OPTIONAL_COLUMNS, PEOPLE_CSV_STATUS_COLUMN];

/**
 * The people CSV, drawn from `people` as the reader takes it. Every cell goes through csvCell: a
 * name such as "=HYPERLINK(...)" arrives in a spreadsheet as text, not as a formula.
 */
export function peopleCsv(people: AsyncIterable<ExportedPerson>): AsyncGenerator<string> {
  async function* rows() {
    for await (const p of people) {
      yield [
        p.first_name,
        p.last_name,
        p.email,
        p.employee_number,
        p.badge_number,
        p.department_name,
        p.role,
        p.start_date,
        p.home_site_name,
        p.active ? 'active' : 'disabled',
      ];
    }
  }
  return csvPieces(EXPORT_HEADER, rows());
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
