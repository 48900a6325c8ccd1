import { describe, expect, it } from 'vitest';
import { mondayGrid, monthName, shiftMonth } from './calendar';

describe('the team calendar month', () => {
  it('starts the grid on Monday, with blanks before the 1st and after the last day', () => {
    // 1 July 2026 is a Wednesday; the 31st a Friday.
    const cells = mondayGrid({ year: 2026, month: 7 });
    expect(cells).toHaveLength(35);
    expect(cells.slice(0, 3).map((c) => c.date)).toEqual([null, null, '2026-07-01']);
    expect(cells[32]).toEqual({ key: '2026-07-31', date: '2026-07-31', day: 31 });
    expect(cells.slice(33).map((c) => c.date)).toEqual([null, null]);
    expect(new Set(cells.map((c) => c.key)).size).toBe(35);
  });

  it('needs no blank for a month starting on a Monday and four weeks for February 2027', () => {
    expect(mondayGrid({ year: 2026, month: 6 })[0]?.date).toBe('2026-06-01');
    expect(mondayGrid({ year: 2027, month: 2 })).toHaveLength(28);
  });

  it('moves across years and names the month', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(monthName({ year: 2026, month: 7 })).toBe('July 2026');
  });
});
