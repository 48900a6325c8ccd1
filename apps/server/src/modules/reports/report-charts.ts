import type { ReportChart } from '@atrium/contract';
import { isoWeekday } from '@atrium/contract/calendar';
import type { DayTotals } from '../counting/counting.repository';
import type { TypeBalance } from './reports.repository';

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/**
 * Weekly traffic as the average per weekday, not the sum: in a 30-day range some weekdays occur
 * five times and others four, and summed they would look busier for it. Only whole days count
 * (before `today`): today's unfinished day would pull its weekday down.
 */
export function weekdayAverages(days: DayTotals[], today: string): ReportChart {
  const buckets = WEEKDAYS.map(() => ({ days: 0, entries: 0, exits: 0 }));
  for (const d of days) {
    const bucket = buckets[isoWeekday(d.day) - 1];
    if (!bucket || d.day >= today) continue;
    bucket.days += 1;
    bucket.entries += d.entries;
    bucket.exits += d.exits;
  }
  return {
    id: 'weekly',
    title: 'Weekly Traffic, Average per Weekday',
    kind: 'bar',
    xKey: 'day',
    labelKey: 'label',
    series: [
      { key: 'entries', label: 'Entries' },
      { key: 'exits', label: 'Exits' },
    ],
    data: WEEKDAYS.map(([short, long], i) => {
      const b = buckets[i] ?? { days: 0, entries: 0, exits: 0 };
      return {
        day: short,
        label: b.days === 0 ? `No whole ${long} in range` : `Average per ${long} (${b.days} in range)`,
        days: b.days,
        entries: b.days === 0 ? 0 : oneDecimal(b.entries / b.days),
        exits: b.days === 0 ? 0 : oneDecimal(b.exits / b.days),
      };
    }),
  };
}

/**
 * The year's leave balance per type, average per person entitled, stacked as used, pending and
 * remaining (together the entitlement). One "Remaining" bar summed over everyone and every type
 * (thousands of days) flattened the used days beside it; per type and per person, each part of
 * each bar is on the scale of one person's allowance.
 */
export function leaveBalanceChart(types: TypeBalance[], year: number): ReportChart {
  const average = (days: number, people: number) => (people === 0 ? 0 : oneDecimal(days / people));
  return {
    id: 'balance',
    title: `Leave Balance ${year}, Average per Person`,
    kind: 'bar',
    stacked: true,
    xKey: 'type',
    labelKey: 'label',
    series: [
      { key: 'used', label: 'Used' },
      { key: 'pending', label: 'Pending' },
      { key: 'remaining', label: 'Remaining' },
    ],
    data: types.map((t) => ({
      type: t.type,
      label: `${t.type}: ${average(t.entitled, t.people)} days entitled, average of ${t.people} ${
        t.people === 1 ? 'person' : 'people'
      }`,
      people: t.people,
      used: average(t.used, t.people),
      pending: average(t.pending, t.people),
      remaining: average(t.remaining, t.people),
    })),
  };
}
