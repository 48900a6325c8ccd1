import { describe, expect, it } from 'vitest';
import { makeAttendance } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { leaveTypeId } from '../../../test/leave';
import { type Session, useSuite } from '../../../test/suite';
import { EventBus } from '../../core/events/bus';

// A person's own figures (my-status's record of the day, quick stats' own tiles) are kept in memory
// between changes (attendance.service.ts, dashboard.service.ts): these check that they stay exact.
const TODAY = '2026-07-08';
const suite = useSuite({ timeZone: 'Europe/London', now: `${TODAY}T08:00:00Z` });

const checkInTime = async (s: LoggedIn): Promise<string | null> =>
  (await suite.http.get('/api/attendance/my-status', s)).json().status.check_in_time;

const quickStats = async (s: LoggedIn) =>
  (await suite.http.get('/api/dashboard/quick-stats', s)).json().quickStats as {
    attendanceStatus: 'present' | 'absent';
    canCheckOut: boolean;
    totalLeaveBalance: number;
    myPendingLeaveRequests: number;
  };

/** Reads until `read` gives something else than `old`; how long that took from `since`. */
async function changedWithin<T>(read: () => Promise<T>, old: T, since: number, withinMs: number) {
  for (;;) {
    const seen = await read();
    const elapsed = performance.now() - since;
    if (seen !== old) return { seen, elapsed };
    if (elapsed > withinMs) throw new Error(`still ${String(old)} after ${Math.round(elapsed)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Someone who has read their status and quick stats once, so both are kept. */
async function personWhoLooked(): Promise<Session> {
  const person = await suite.signedIn();
  expect(await checkInTime(person)).toBeNull();
  expect((await quickStats(person)).attendanceStatus).toBe('absent');
  return person;
}

describe("a person's own figures after a change", () => {
  it('show their check-in and check-out in the very next read, on both screens', async () => {
    const person = await personWhoLooked();
    expect((await suite.http.post('/api/attendance/check-in', person)).statusCode).toBe(200);
    expect(await checkInTime(person)).toBe(`${TODAY}T08:00:00.000Z`);
    expect(await quickStats(person)).toMatchObject({ attendanceStatus: 'present', canCheckOut: true });
    expect((await suite.http.post('/api/attendance/check-out', person)).statusCode).toBe(200);
    expect((await suite.http.get('/api/attendance/my-status', person)).json().status.canCheckOut).toBe(false);
    expect((await quickStats(person)).canCheckOut).toBe(false);
  });

  it('count their own application and its days in the very next read', async () => {
    const person = await personWhoLooked();
    const before = await quickStats(person);
    const annual = await leaveTypeId(suite.db, 'Annual Leave');
    const applied = await suite.http.post('/api/leave/apply', person, {
      leaveTypeId: annual,
      startDate: '2026-07-13',
      endDate: '2026-07-14',
      reason: 'Family visit',
    });
    expect(applied.statusCode).toBe(201);
    const after = await quickStats(person);
    expect(after.myPendingLeaveRequests).toBe(before.myPendingLeaveRequests + 1);
    expect(after.totalLeaveBalance).toBe(before.totalLeaveBalance - 2);
  });

  it('show a change another process announces as soon as the log brings it', async () => {
    const other = new EventBus(suite.db, suite.database.url);
    await other.start();
    try {
      const person = await personWhoLooked();
      const read = performance.now();
      await makeAttendance(suite.db, { user: person.user, date: TODAY, checkIn: '07:55' });
      // What another process's check-in logs with its record.
      await other.publish({ kind: 'users_changed', userIds: [person.user.id] });
      // Well before the second after which what was read at `read` would be read again anyway.
      const { seen } = await changedWithin(() => checkInTime(person), null, read, 700);
      expect(seen).toBe(`${TODAY}T07:55:00.000Z`);
      expect((await quickStats(person)).attendanceStatus).toBe('present');
    } finally {
      await other.stop();
    }
  });

  it('show a change nobody announces within a second, on both screens', async () => {
    const person = await personWhoLooked();
    const read = performance.now();
    await makeAttendance(suite.db, { user: person.user, date: TODAY, checkIn: '07:50' });
    const status = await changedWithin(() => checkInTime(person), null, read, 1500);
    // Not at once: nothing told this process about the record, so what was read just before `read`
    // was served until it expired (a second after that read began; under load it took a while).
    expect(status.elapsed).toBeGreaterThanOrEqual(500);
    const stats = await changedWithin(
      async () => (await quickStats(person)).attendanceStatus,
      'absent',
      read,
      1500,
    );
    expect(stats.seen).toBe('present');
  });

  it('never give one person what another read', async () => {
    const [a, b] = [await suite.signedIn(), await suite.signedIn()];
    await makeAttendance(suite.db, { user: a.user, date: TODAY, checkIn: '07:40' });
    const answers = await Promise.all([a, b, a, b].map((s) => checkInTime(s)));
    expect(answers).toEqual([`${TODAY}T07:40:00.000Z`, null, `${TODAY}T07:40:00.000Z`, null]);
  });
});
