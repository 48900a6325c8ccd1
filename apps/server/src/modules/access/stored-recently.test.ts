import { describe, expect, it } from 'vitest';
import { StoredRecently } from './stored-recently';

describe('StoredRecently', () => {
  it('answers a copy only of an event it saw stored, from a device marked seen moments ago', () => {
    const recent = new StoredRecently(10, 60_000, 5_000);
    expect(recent.answers(1, 'a', 0)).toBe(false);
    recent.remember('a', 0);
    expect(recent.answers(1, 'a', 1)).toBe(false);
    recent.seen([1], 1000);
    expect(recent.answers(1, 'a', 1001)).toBe(true);
    expect(recent.answers(1, 'b', 1001)).toBe(false);
    expect(recent.answers(2, 'a', 1001)).toBe(false);
    // The device is due a last_seen update: the push goes to the database.
    expect(recent.answers(1, 'a', 6000)).toBe(false);
    recent.seen([1], 59_000);
    expect(recent.answers(1, 'a', 59_500)).toBe(true);
    // The event is too old to be trusted from memory.
    recent.seen([1], 61_000);
    expect(recent.answers(1, 'a', 61_000)).toBe(false);
  });

  it('forgets the oldest events beyond its size', () => {
    const recent = new StoredRecently(3, 60_000, 5_000);
    recent.seen([1], 0);
    for (const key of ['a', 'b', 'c', 'd']) recent.remember(key, 0);
    expect(['a', 'b', 'c', 'd'].map((k) => recent.answers(1, k, 1))).toEqual([false, true, true, true]);
    // Remembering a key again makes it the newest.
    recent.remember('b', 0);
    recent.remember('e', 0);
    expect(['b', 'c', 'd', 'e'].map((k) => recent.answers(1, k, 1))).toEqual([true, false, true, true]);
  });
});
