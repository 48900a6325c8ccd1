import { hoursBetween, localTime } from '@atrium/contract/calendar';
import { csvCell } from './csv';
import type { ExportRow } from './export.repository';

const HEADER = [
  'Date',
  'Employee Number',
  'First Name',
  'Last Name',
  'Email',
  'Department',
  'Check In',
  'Check Out',
  'Hours',
  'Status',
  'Late',
  'Early Exit',
  'Source',
];

function statusLabel(row: ExportRow): string {
  if (row.status === 'complete') return 'Complete';
  if (row.status === 'checked_in') return 'Checked In';
  return row.scheduled ? 'Absent' : 'Not scheduled';
}

const CSV_HEADER = `${HEADER.map(csvCell).join(',')}\r\n`;

/** Lines are sent in pieces of about this many characters, not one write per row. */
const PIECE = 64 * 1024;

/**
 * The file, header first, then a line per row in the order the rows come (the repository's:
 * by date, then last name), times in the organisation's zone as HH:MM.
 */
export async function* attendanceCsv(
  rows: AsyncIterable<ExportRow>,
  timeZone: string,
): AsyncGenerator<string> {
  const clock = localTimes(timeZone);
  let piece = CSV_HEADER;
  for await (const r of rows) {
    const checkIn = r.check_in_time ? new Date(r.check_in_time) : null;
    const checkOut = r.check_out_time ? new Date(r.check_out_time) : null;
    piece += [
      r.date,
      r.employee_number,
      r.first_name,
      r.last_name,
      r.email,
      r.department_name ?? '',
      checkIn ? clock(checkIn) : '',
      checkOut ? clock(checkOut) : '',
      checkIn && checkOut ? hoursBetween(checkIn, checkOut).toFixed(2) : '',
      statusLabel(r),
      r.late ? 'yes' : 'no',
      r.early_exit ? 'yes' : 'no',
      r.source ?? '',
    ]
      .map(csvCell)
      .join(',');
    piece += '\r\n';
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/**
 * localTime remembered per UTC minute. Every zone's offset since 1972 is a whole number of
 * minutes, so all instants of one UTC minute share their local HH:MM; a month of check-ins and
 * check-outs at 50,000 people then formats some 40,000 minutes instead of 2 million instants
 * (Intl's formatToParts is the slowest step of the file otherwise).
 */
function localTimes(timeZone: string): (instant: Date) => string {
  const known = new Map<number, string>();
  return (instant) => {
    const minute = Math.floor(instant.getTime() / 60_000);
    let text = known.get(minute);
    if (text === undefined) {
      if (known.size >= 100_000) known.clear();
      text = localTime(instant, timeZone);
      known.set(minute, text);
    }
    return text;
  };
}
