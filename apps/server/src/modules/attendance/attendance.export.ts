import { addDays, hoursBetween, localTime } from '@atrium/contract/calendar';
import { csvCell } from './csv';
import type { DayKind, ExportPerson, ExportRecord } from './export.repository';

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

const CSV_HEADER = `${HEADER.map(csvCell).join(',')}\r\n`;

/** The cells after the person's on a day without a record. */
const NO_RECORD: Record<DayKind, string> = {
  Absent: ',,,Absent,no,no,',
  Holiday: ',,,Holiday,no,no,',
  'Not scheduled': ',,,Not scheduled,no,no,',
};

/** Lines are sent in pieces of about this many characters, not one write per row. */
const PIECE = 64 * 1024;

/**
 * The file: a header, then every listed person on every day of the range, oldest day first and
 * by last name as people read it (then id) within a day; times in the organisation's zone as
 * HH:MM. A day without a record says what `calendar` (exportCalendar) makes it for the person's
 * department: Absent, Holiday or Not scheduled. `records` must come by date (as streamRangeRecords gives them): each day's records are
 * held until the day is written, so memory is one day's worth however long the range.
 */
export async function* attendanceCsv(
  people: ExportPerson[],
  records: AsyncIterable<ExportRecord>,
  calendar: Map<string, Map<number, DayKind>>,
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
      const kinds = calendar.get(date);
      for (let i = 0; i < ordered.length; i++) {
        const cells = onDay[i] ?? NO_RECORD[kinds?.get(ordered[i]!.dept_key) ?? 'Not scheduled'];
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
 * source (a day without one has empty times and Absent, Holiday or Not scheduled). The labels are
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
