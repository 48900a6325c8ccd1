import { addDays, hoursBetween, localTime } from '@atrium/contract/calendar';
import { csvCell } from '../../core/csv';
import type { CalendarDay, ExportPerson, ExportRecord } from './export.repository';
import { dayKind } from './person-day';
import { isEmployedOn } from './person-day.repository';

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
  'Leave Type',
];

const CSV_HEADER = `${HEADER.map(csvCell).join(',')}\r\n`;

/** The cells after the person's on a day without a record, by its kind (person-day.ts). */
const NO_RECORD = {
  absent: ',,,Absent,no,no,,',
  holiday: ',,,Holiday,no,no,,',
  day_off: ',,,Not scheduled,no,no,,',
  on_leave: ',,,On Leave,no,no,,',
} as const;

const NOT_SCHEDULED: CalendarDay = { scheduled: false, holiday: false };

/** Lines are sent in pieces of about this many characters, not one write per row. */
const PIECE = 64 * 1024;

/**
 * The file: a header, then every listed person on every day of the range, oldest day first and
 * by last name as people read it (then id) within a day; times in the organisation's zone as
 * HH:MM. A day without a record is what person-day.ts makes it, from `calendar` (exportCalendar)
 * for the person's department and `leave` (exportLeave): Absent, On Leave with its type, Holiday
 * or Not scheduled; days outside a person's employment are left out, as the list leaves them.
 * The range must not reach past today. `records` must come by date (as streamRangeRecords gives
 * them): each day's records are held until the day is written, so memory is one day's worth
 * however long the range.
 */
export async function* attendanceCsv(
  people: ExportPerson[],
  records: AsyncIterable<ExportRecord>,
  calendar: Map<string, Map<number, CalendarDay>>,
  leave: Map<string, Map<number, string>>,
  range: { start: string; end: string },
  timeZone: string,
): AsyncGenerator<string> {
  const ordered = [...people].sort((a, b) => a.last_name.localeCompare(b.last_name) || a.id - b.id);
  const position = new Map(ordered.map((p, i) => [p.id, i]));
  // A person's cells are the same on every day: quoted once, not once per line.
  const personCells = ordered.map((p) =>
    [p.employee_number, p.first_name, p.last_name, p.email, p.department_name ?? ''].map(csvCell).join(','),
  );
  const clock = localTimes(timeZone);
  // The day's records, already written as their cells: a day's strings are all that is held,
  // not its row objects (which then die young instead of piling up for the garbage collector).
  const onDay: (string | undefined)[] = new Array(ordered.length);
  const pending = records[Symbol.asyncIterator]();
  try {
    let next = await pending.next();
    let piece = CSV_HEADER;
    for (let date = range.start; date <= range.end; date = addDays(date, 1)) {
      onDay.fill(undefined);
      for (; !next.done && next.value.date === date; next = await pending.next()) {
        const at = position.get(next.value.user_id);
        if (at !== undefined) onDay[at] = recordCells(next.value, clock);
      }
      const days = calendar.get(date);
      const away = leave.get(date);
      for (let i = 0; i < ordered.length; i++) {
        const person = ordered[i]!;
        const leaveType = away?.get(person.id);
        let cells = onDay[i];
        if (cells === undefined) {
          const day = days?.get(person.dept_key) ?? NOT_SCHEDULED;
          const kind = dayKind({
            record: false,
            employed: isEmployedOn(person, date),
            holiday: day.holiday,
            scheduled: day.scheduled,
            leave: leaveType !== undefined,
            come: true,
          });
          if (kind === 'not_employed' || kind === 'worked' || kind === 'ahead') continue;
          cells = NO_RECORD[kind] + (kind === 'on_leave' ? csvCell(leaveType!) : '');
        } else if (leaveType !== undefined) {
          cells += csvCell(leaveType);
        }
        piece += `${date},${personCells[i]},${cells}\r\n`;
        if (piece.length >= PIECE) {
          yield piece;
          piece = '';
        }
      }
    }
    if (piece) yield piece;
  } finally {
    // Also when the client goes away mid-file: the cursor closes and its connection returns.
    await pending.return?.();
  }
}

/**
 * A record's cells after the person's: check-in, check-out, hours, status, late, early exit,
 * source, and an empty leave type the caller fills for a half day of leave. The labels are
 * constants that need no quoting; the rest go through csvCell.
 */
function recordCells(record: ExportRecord, clock: (instant: Date) => string): string {
  const checkIn = record.check_in_time;
  const checkOut = record.check_out_time;
  return [
    csvCell(clock(checkIn)),
    checkOut ? csvCell(clock(checkOut)) : '',
    checkOut ? csvCell(hoursBetween(checkIn, checkOut).toFixed(2)) : '',
    checkOut ? 'Complete' : 'Checked In',
    record.late ? 'yes' : 'no',
    record.early_exit ? 'yes' : 'no',
    csvCell(record.source),
    '',
  ].join(',');
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
