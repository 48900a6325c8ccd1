import { wallClock } from '@atrium/contract/calendar';
import { csvPieces } from '../../core/csv';
import type { PassageRow } from './access.repository';

const HEADER = [
  'Time',
  'Result',
  'Action',
  'First Name',
  'Last Name',
  'Department',
  'Access Point',
  'Device ID',
  'Card Number',
  'Verify Mode',
];

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The access logs as CSV: a header, then each page `pages` yields (newest first, as the screen
 * lists them), times in the organisation's zone; an unknown card has no name, only its number.
 * Memory is one page's worth however many rows.
 */
export function accessLogsCsv(pages: AsyncIterable<PassageRow[]>, timeZone: string): AsyncGenerator<string> {
  async function* rows() {
    for await (const page of pages) {
      for (const r of page) {
        const denied = r.kind === 'denied';
        const at = wallClock(new Date(r.occurred_at), timeZone);
        yield [
          `${at.date} ${two(at.hour)}:${two(at.minute)}:${two(at.second)}`,
          denied ? 'Denied' : 'Granted',
          denied ? '' : r.action === 'exit' ? 'Exit' : 'Entry',
          r.first_name,
          r.last_name,
          r.department_name,
          r.access_point,
          r.device_id,
          r.card_no,
          r.verify_mode,
        ];
      }
    }
  }
  return csvPieces(HEADER, rows());
}
