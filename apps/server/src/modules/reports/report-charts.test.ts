import { addDays } from '@atrium/contract/calendar';
import { describe, expect, it } from 'vitest';
import { leaveBalanceChart, weekdayAverages } from './report-charts';

/** Every day of November 2026 (Sunday 1st to Monday 30th: five Mondays, four Tuesdays). */
const november = Array.from({ length: 30 }, (_, i) => ({
  day: addDays('2026-11-01', i),
  entries: 10,
  exits: 8,
  passby: 20,
}));

describe('weekly traffic per weekday', () => {
  it('averages each weekday over its own days, so five Mondays weigh no more than four Tuesdays', () => {
    const chart = weekdayAverages(november, '2026-12-01');
    expect(chart.data[0]).toEqual({
      day: 'Mon',
      label: 'Average per Monday (5 in range)',
      days: 5,
      entries: 10,
      exits: 8,
    });
    expect(chart.data[1]).toMatchObject({ day: 'Tue', days: 4, entries: 10, exits: 8 });
    expect(chart.title).toBe('Weekly Traffic, Average per Weekday');
  });

  it('leaves out today and later days: an unfinished day would pull its weekday down', () => {
    const partial = november.map((d) => (d.day === '2026-11-30' ? { ...d, entries: 1, exits: 0 } : d));
    const chart = weekdayAverages(partial, '2026-11-30');
    expect(chart.data[0]).toMatchObject({ label: 'Average per Monday (4 in range)', days: 4, entries: 10 });
    const early = weekdayAverages(november.slice(0, 3), '2026-11-02');
    expect(early.data[0]).toMatchObject({ label: 'No whole Monday in range', days: 0, entries: 0 });
    expect(early.data[6]).toMatchObject({ day: 'Sun', days: 1, entries: 10 });
  });
});

describe('leave balance chart', () => {
  it('stacks used, pending and remaining per person for each type', () => {
    const chart = leaveBalanceChart(
      [{ type: 'Annual Leave', people: 4, entitled: 100, used: 30, pending: 2, remaining: 68 }],
      2026,
    );
    expect(chart).toMatchObject({ stacked: true, title: 'Leave Balance 2026, Average per Person' });
    expect(chart.data[0]).toEqual({
      type: 'Annual Leave',
      label: 'Annual Leave: 25 days entitled, average of 4 people',
      people: 4,
      used: 7.5,
      pending: 0.5,
      remaining: 17,
    });
  });
});
