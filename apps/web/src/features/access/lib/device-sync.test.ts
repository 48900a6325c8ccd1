import { describe, expect, it } from 'vitest';
import { syncLabel, syncProgress } from './device-sync';

describe('syncLabel', () => {
  it('says each state in words, counting the changes waiting', () => {
    expect(syncLabel({ state: 'in_sync', pending: 0 })).toBe('In sync');
    expect(syncLabel({ state: 'pending', pending: 1 })).toBe('1 change waiting');
    expect(syncLabel({ state: 'pending', pending: 12 })).toBe('12 changes waiting');
    expect(syncLabel({ state: 'pending', pending: 0 })).toBe('Changes waiting');
    expect(syncLabel({ state: 'error', pending: 4 })).toBe('Sync failed');
    expect(syncLabel({ state: 'unmanaged', pending: 0 })).toBe('Not managed');
  });
});

describe('syncProgress', () => {
  it('counts what the device accepted of the round, only while writing', () => {
    expect(syncProgress({ state: 'pending', pending: 3, total: 10 })).toEqual({ done: 7, total: 10 });
    expect(syncProgress({ state: 'pending', pending: 0, total: 0 })).toBeNull();
    expect(syncProgress({ state: 'in_sync', pending: 0, total: 10 })).toBeNull();
    expect(syncProgress({ state: 'pending', pending: 12, total: 10 })).toEqual({ done: 0, total: 10 });
  });
});
