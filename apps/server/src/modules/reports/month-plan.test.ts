import { describe, expect, it } from 'vitest';
import { monthPlan } from './month-plan';

describe('monthPlan', () => {
  it('reads whole months from the rollup only', () => {
    expect(monthPlan('2026-09-01', '2026-10-31', '2026-11-25')).toEqual({
      months: ['2026-09-01', '2026-10-01'],
      rollupMonths: ['2026-09-01', '2026-10-01'],
      spans: [],
    });
  });

  it('reads a partial month from whichever side has fewer days of records', () => {
    expect(monthPlan('2026-09-25', '2026-10-20', '2026-11-25')).toEqual({
      months: ['2026-09-01', '2026-10-01'],
      rollupMonths: ['2026-10-01'],
      spans: [
        { from: '2026-09-25', to: '2026-09-30', sign: 1 },
        { from: '2026-10-21', to: '2026-10-31', sign: -1 },
      ],
    });
  });

  it('counts days after today as free, so the month in progress comes from the rollup', () => {
    expect(monthPlan('2026-10-26', '2026-11-25', '2026-11-25')).toEqual({
      months: ['2026-10-01', '2026-11-01'],
      rollupMonths: ['2026-11-01'],
      spans: [
        { from: '2026-10-26', to: '2026-10-31', sign: 1 },
        { from: '2026-11-26', to: '2026-11-30', sign: -1 },
      ],
    });
    expect(monthPlan('2026-11-03', '2026-11-10', '2026-11-02').spans).toEqual([
      { from: '2026-11-03', to: '2026-11-10', sign: 1 },
    ]);
  });
});
