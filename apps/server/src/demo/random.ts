/**
 * A stable pseudo-random number in [0, 1) from its inputs (FNV-1a, then mixed): the demo is
 * the same every time it is seeded, and a later start extends it without reshuffling the past.
 */
export function chance(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 2 ** 32;
}

/** A stable whole number in [0, n). */
export const pick = (n: number, ...parts: (string | number)[]) => Math.floor(chance(...parts) * n);
