import { describe, expect, it } from 'vitest';
import type { EventBus } from './bus';
import { Changes, FreshCache } from './changes';

// The cache alone, over a bus that is always listening and never delivers: what it keeps and drops.
const listening = { listenEpoch: () => 1, subscribe: () => () => {} } as unknown as EventBus;

function counted(cache: FreshCache<string>) {
  const computed: string[] = [];
  const get = (key: string) =>
    cache.get(key, async () => {
      computed.push(key);
      return `${key}!`;
    });
  return { get, computed };
}

describe('FreshCache', () => {
  it('computes a key once while nothing changed, and again after a change', async () => {
    const changes = new Changes(listening);
    const { get, computed } = counted(new FreshCache(changes, 60_000));
    expect(await Promise.all([get('a'), get('a'), get('b')])).toEqual(['a!', 'a!', 'b!']);
    changes.changed();
    await get('a');
    expect(computed).toEqual(['a', 'b', 'a']);
  });

  it('keeps at most maxKeys, dropping the oldest read first', async () => {
    const { get, computed } = counted(new FreshCache(new Changes(listening), 60_000, 3));
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    // 'a' made room for 'd'; 'b', 'c' and 'd' are still kept.
    for (const key of ['b', 'c', 'd', 'a']) await get(key);
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('drops every entry a change made stale, and only those when that makes room', async () => {
    const changes = new Changes(listening);
    const { get, computed } = counted(new FreshCache(changes, 60_000, 3));
    for (const key of ['a', 'b', 'c']) await get(key);
    changes.changed();
    // All three are stale: 'c' is read again, then 'd' makes room by dropping 'a' and 'b' only.
    for (const key of ['c', 'd', 'e', 'c', 'd', 'e']) await get(key);
    expect(computed).toEqual(['a', 'b', 'c', 'c', 'd', 'e']);
  });
});
