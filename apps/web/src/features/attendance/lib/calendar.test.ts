import { describe, expect, it } from 'vitest';
import { monthBounds, monthGrid, shiftMonth } from './calendar';

describe('monthGrid', () => {
  it('starts on the Sunday on or before the 1st and fills 42 cells', () => {
    const grid = monthGrid('2026-07'); // 1 July 2026 is a Wednesday
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: '2026-06-28', day: 28, inMonth: false });
    expect(grid[3]).toEqual({ date: '2026-07-01', day: 1, inMonth: true });
    expect(grid.filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('keeps six weeks for a February that fits in four', () => {
    const grid = monthGrid('2026-02'); // starts on a Sunday, 28 days
    expect(grid).toHaveLength(42);
    expect(grid[0]!.date).toBe('2026-02-01');
  });

  it('covers every day of a long month that starts late in the week', () => {
    const grid = monthGrid('2026-05'); // 1 May 2026 is a Friday, 31 days
    expect(grid.length).toBeGreaterThanOrEqual(42);
    expect(
      grid
        .filter((c) => c.inMonth)
        .map((c) => c.day)
        .at(-1),
    ).toBe(31);
  });
});

describe('month helpers', () => {
  it('moves across years and knows the last day', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(monthBounds('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });
});
