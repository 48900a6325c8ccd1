import type { Trend } from '@atrium/contract';

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Share of the people who came by and walked in: entries / (entries + passby), percent. */
export function walkInRate(entries: number, passby: number): number {
  return entries + passby === 0 ? 0 : oneDecimal((entries / (entries + passby)) * 100);
}

/** Entries against passby, percent, as the specification words it; 0 when nobody passed by. */
export function conversionRate(entries: number, passby: number): number {
  return passby === 0 ? 0 : oneDecimal((entries / passby) * 100);
}

/**
 * Relative change from the previous period, percent. From nothing to something is +100% (there
 * is no ratio to give); from nothing to nothing, or a change that rounds to 0.0, is neutral.
 */
export function trend(current: number, previous: number): Trend {
  if (previous === 0)
    return current === 0 ? { direction: 'neutral', value: 0 } : { direction: 'up', value: 100 };
  const value = oneDecimal(((current - previous) / previous) * 100);
  if (value === 0) return { direction: 'neutral', value: 0 };
  return { direction: value > 0 ? 'up' : 'down', value: Math.abs(value) };
}
