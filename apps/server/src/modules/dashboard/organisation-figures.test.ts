import { describe, expect, it } from 'vitest';
import { makeAttendance } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { EventBus } from '../../core/events/bus';

// The admin's tiles are kept in memory between changes (core/events/changes.ts): these check that
// they stay exact, whoever makes the change.
const TODAY = '2026-07-08';
const suite = useSuite({ timeZone: 'Europe/London', now: `${TODAY}T08:00:00Z` });

const presentToday = async (): Promise<number> =>
  (await suite.http.get('/api/dashboard/quick-stats', suite.admin)).json().quickStats.presentToday;

/** Reads until presentToday is `want`; how long that took from `since`, or a failure after `withinMs`. */
async function presentWithin(want: number, since: number, withinMs: number): Promise<number> {
  for (;;) {
    const seen = await presentToday();
    const elapsed = performance.now() - since;
    if (seen === want) return elapsed;
    if (elapsed > withinMs)
      throw new Error(`presentToday was ${seen}, not ${want}, after ${Math.round(elapsed)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the admin's quick stats after a change", () => {
  it('count a check-in this process answered in the very next read', async () => {
    const before = await presentToday();
    const staff = await suite.signedIn();
    expect((await suite.http.post('/api/attendance/check-in', staff)).statusCode).toBe(200);
    expect(await presentToday()).toBe(before + 1);
  });

  it('count a change another process announces as soon as the log brings it, long before they expire', async () => {
    const other = new EventBus(suite.db, suite.database.url);
    await other.start();
    try {
      const before = await presentToday();
      const read = performance.now();
      const { user } = await makeAttendance(suite.db, { date: TODAY, checkIn: '07:55' });
      // What another process's check-in logs with its record; the figures were read a moment ago.
      await other.publish({ kind: 'users_changed', userIds: [user.id] });
      // Within 700 ms of the read: the figures, read at `read`, would only expire after 1,000 ms.
      await presentWithin(before + 1, read, 700);
    } finally {
      await other.stop();
    }
  });

  it('count a change nobody announces within a second', async () => {
    const before = await presentToday();
    const read = performance.now();
    await makeAttendance(suite.db, { date: TODAY, checkIn: '07:50' });
    const elapsed = await presentWithin(before + 1, read, 1500);
    // Not at once: nothing told this process about the record, so the figures read before `read`
    // were served until they expired (a second after that read began; under load it took a while).
    expect(elapsed).toBeGreaterThanOrEqual(500);
  });
});
