import { describe, expect, it } from 'vitest';
import { isRunning } from '../src/db/postmaster';
import { startAtrium } from './atrium-process';

describe('a crash of Atrium', () => {
  it('leaves no embedded PostgreSQL behind (SIGKILL runs no handler: the guardian stops it)', async () => {
    const atrium = await startAtrium();
    try {
      const postmaster = atrium.postmasterPid();
      expect(isRunning(postmaster)).toBe(true);
      atrium.child.kill('SIGKILL');
      await atrium.exited;
      await expect.poll(() => isRunning(postmaster), { timeout: 20_000, interval: 200 }).toBe(false);
    } finally {
      await atrium.cleanUp();
    }
  }, 120_000);
});
