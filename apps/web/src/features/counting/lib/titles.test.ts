import { describe, expect, it } from 'vitest';
import { chartTitles, trendBasis } from './titles';

describe('people counting titles', () => {
  it('call a week weekly and name any other range', () => {
    const week = { startDate: '2026-11-21', endDate: '2026-11-27' };
    expect(chartTitles('last7', week).traffic).toBe('Weekly Traffic');
    expect(chartTitles('week', week).walkIn).toBe('Walk-in Rate, this week');
    expect(chartTitles('last30', { startDate: '2026-10-29', endDate: '2026-11-27' })).toEqual({
      traffic: 'Traffic, last 30 days',
      walkIn: 'Walk-in Rate, last 30 days',
    });
    expect(chartTitles('custom', { startDate: '2026-11-02', endDate: '2026-11-13' }).traffic).toBe(
      'Traffic, Mon 2 Nov to Fri 13 Nov',
    );
  });

  it('say what the trends compare with, and that today is so far', () => {
    expect(
      trendBasis({
        partialDay: '2026-11-27',
        comparedWith: { startDate: '2026-11-14', endDate: '2026-11-20', until: '11:00' },
      }),
    ).toBe(
      'Today is not over, so its figures are so far and the trends compare like with like: with Sat 14 Nov to Fri 20 Nov, up to 11:00 on Fri 20 Nov.',
    );
    expect(
      trendBasis({
        partialDay: null,
        comparedWith: { startDate: '2026-11-06', endDate: '2026-11-12', until: null },
      }),
    ).toBe('Trends compare with the period of the same length just before: Fri 6 Nov to Thu 12 Nov.');
  });
});
