/**
 * What a person's day is. Every reader (the attendance list, its counts and filters, the day
 * overview and the dashboard, the calendar, the statistics, the CSV, the reports, the person page)
 * applies this one rule, in TypeScript through dayKind or in SQL through dayKindSql
 * (person-day.repository.ts), which a test holds equal over every combination of facts.
 *
 * A record decides first (work done is work done, even on a holiday or before a start date);
 * outside the employment span a day is nobody's business; a holiday or a day off is no workday;
 * on a workday, approved leave excuses it (a half day without a record too); otherwise it is an
 * absence once it has come (today counts), and nothing yet before that.
 */
export type DayKind = 'worked' | 'not_employed' | 'holiday' | 'day_off' | 'on_leave' | 'absent' | 'ahead';

export interface DayFacts {
  record: boolean;
  /** On or after the start date and on or before the last working day. */
  employed: boolean;
  holiday: boolean;
  /** A workday of the schedule in force that day (never a holiday). */
  scheduled: boolean;
  /** Approved leave covers the day, wholly or half. */
  leave: boolean;
  /** The day is today or earlier. */
  come: boolean;
}

export function dayKind(f: DayFacts): DayKind {
  if (f.record) return 'worked';
  if (!f.employed) return 'not_employed';
  if (f.holiday) return 'holiday';
  if (!f.scheduled) return 'day_off';
  if (f.leave) return 'on_leave';
  return f.come ? 'absent' : 'ahead';
}
