import type { OrgClock } from '../../core/clock';
import type { Db } from '../../db/connection';
import { dailyTotals } from '../counting/counting.repository';
import { conversionRate, walkInRate } from '../counting/rates';
import type { Body } from './report-body';
import { weekdayAverages } from './report-charts';
import type { Range } from './reports.repository';

const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((acc, r) => acc + pick(r), 0);

/**
 * The People Counting Report, from the counting rollup: totals and rates over the range, the
 * weekday averages of its whole days, a row per day (today's so far, and said to be).
 */
export async function peopleAnalyticsReport(
  db: Db,
  clock: OrgClock,
  range: Range,
  empty: boolean,
): Promise<Body> {
  let days: Awaited<ReturnType<typeof dailyTotals>> = [];
  if (!empty) {
    const timeZone = await clock.timeZone();
    const from = (await clock.dayBounds(range.startDate)).start;
    const to = (await clock.dayBounds(range.endDate)).end;
    days = await dailyTotals(
      db,
      { from, to, firstDay: range.startDate, lastDay: range.endDate, timeZone },
      undefined,
    );
  }
  const entries = sum(days, (d) => d.entries);
  const passby = sum(days, (d) => d.passby);
  const today = (await clock.today()).date;
  return {
    summary: [
      { label: 'Total Entries', value: entries, kind: 'number' },
      { label: 'Total Passby', value: passby, kind: 'number' },
      { label: 'Walk-in Rate', value: walkInRate(entries, passby), kind: 'percent' },
      { label: 'Conversion Rate', value: conversionRate(entries, passby), kind: 'percent' },
    ],
    charts: [
      weekdayAverages(days, today),
      {
        id: 'conversion',
        title: 'Conversion',
        kind: 'line',
        xKey: 'day',
        series: [
          { key: 'walkInRate', label: 'Walk-in Rate %' },
          { key: 'conversionRate', label: 'Conversion Rate %' },
        ],
        data: days.map((d) => ({
          day: d.day,
          walkInRate: walkInRate(d.entries, d.passby),
          conversionRate: conversionRate(d.entries, d.passby),
        })),
      },
    ],
    tableTitle: 'Daily Traffic Summary',
    columns: [
      { key: 'day', label: 'Day', kind: 'date' },
      { key: 'entries', label: 'Entries', kind: 'number' },
      { key: 'passby', label: 'Passby', kind: 'number' },
      { key: 'walkInRate', label: 'Walk-in Rate', kind: 'percent' },
      { key: 'exits', label: 'Exits', kind: 'number' },
    ],
    rows: days.map((d) => ({ ...d, walkInRate: walkInRate(d.entries, d.passby) })),
    notes: [
      'Weekly Traffic is the average per weekday over the whole days of the range: weekdays that occur more often in it do not look busier.',
      ...(!empty && range.startDate <= today && today <= range.endDate
        ? [
            `Today (${today}) is not over: its row is counted so far, and it is left out of the weekday averages.`,
          ]
        : []),
    ],
  };
}
