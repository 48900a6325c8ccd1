import { describe, expect, it } from 'vitest';
import { storableRaw } from './parse';

describe('storableRaw', () => {
  it('keeps a clean event as it came', () => {
    const alert = { eventType: 'AccessControllerEvent', n: 1, ok: true, list: ['a\tb', { c: 'line\r\n' }] };
    expect(JSON.parse(storableRaw(alert))).toEqual(alert);
  });

  it('drops control characters from values and keys, and cuts what is nested deeper than 20', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 30; i += 1) deep = { d: deep };
    const stored = JSON.parse(storableRaw({ 'k\u0001ey': 'a\u0000b\u007f', deep }));
    expect(stored.key).toBe('ab');
    let level = stored.deep;
    let depth = 1;
    while (level && typeof level === 'object') {
      level = level.d;
      depth += 1;
    }
    expect(level).toBeNull();
    expect(depth).toBe(21);
  });

  it('keeps at most 16 KB', () => {
    const stored = JSON.parse(storableRaw({ big: 'x'.repeat(40_000) }));
    expect(stored.truncated).toBe(true);
    expect(stored.excerpt).toHaveLength(16_000);
  });
});
