import { hoursBetween, localTime } from '@atrium/contract/calendar';
import type { DayRow } from './attendance.repository';
import { csvCell } from './csv';

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

function statusLabel(row: DayRow): string {
  if (row.status === 'complete') return 'Complete';
  if (row.status === 'checked_in') return 'Checked In';
  return row.scheduled ? 'Absent' : 'Not scheduled';
}

/** The first line of the file. */
export const ATTENDANCE_CSV_HEADER = `${HEADER.map(csvCell).join(',')}\r\n`;

/** The lines of one day's rows, by last name, times in the organisation's zone as HH:MM. */
export function attendanceCsvLines(rows: DayRow[], timeZone: string): string {
  const ordered = [...rows].sort(
    (a, b) => a.date.localeCompare(b.date) || a.last_name.localeCompare(b.last_name) || a.user_id - b.user_id,
  );
  return ordered
    .map((r) => {
      const checkIn = r.check_in_time ? new Date(r.check_in_time) : null;
      const checkOut = r.check_out_time ? new Date(r.check_out_time) : null;
      return [
        r.date,
        r.employee_number,
        r.first_name,
        r.last_name,
        r.email,
        r.department_name ?? '',
        checkIn ? localTime(checkIn, timeZone) : '',
        checkOut ? localTime(checkOut, timeZone) : '',
        checkIn && checkOut ? hoursBetween(checkIn, checkOut).toFixed(2) : '',
        statusLabel(r),
        r.late ? 'yes' : 'no',
        r.early_exit ? 'yes' : 'no',
        r.source ?? '',
      ]
        .map(csvCell)
        .join(',')
        .concat('\r\n');
    })
    .join('');
}
