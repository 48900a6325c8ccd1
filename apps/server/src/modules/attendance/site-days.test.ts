import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccessEvents, makeDevice } from '../../../test/factories';
import { departmentAt, everyDay, makeSite, setPersonSite } from '../../../test/site-days';
import { type Session, useSuite } from '../../../test/suite';
import { dailyCounts } from '../access/access.repository';
import { applyBadges } from '../access/badge-attendance';

// The organisation's own site is in London (BST, UTC+1, in summer); the warehouse in Singapore
// (UTC+8, no DST) is ahead of it, the New York office (EDT, UTC-4, in summer) behind it.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T12:00:00Z' });
const at = (iso: string) => suite.clock.set(iso);

let singapore: number;
let newYork: number;

/** A person of a department of their own at `siteId` (the organisation's when undefined), working every day. */
async function personAt(siteId?: number): Promise<Session> {
  const name = `Site team ${siteId ?? 'head office'} ${Math.random().toString(36).slice(2, 8)}`;
  const session = await suite.signedIn({ department: name });
  if (siteId !== undefined) await departmentAt(suite.db, name, siteId);
  await everyDay(suite.db, session.user.departmentId);
  return session;
}

const recordsOf = (userId: number) =>
  suite.db
    .selectFrom('attendance_records')
    .select(['date', 'check_in_time', 'check_out_time', 'late', 'early_exit'])
    .where('user_id', '=', userId)
    .orderBy('date')
    .execute();

async function checkIn(session: Session) {
  const answer = await suite.http.post('/api/attendance/check-in', session);
  expect(answer.statusCode).toBe(200);
  return answer.json().status as { date: string; late: boolean };
}

beforeAll(async () => {
  singapore = await makeSite(suite.db, suite.bus, 'Asia/Singapore');
  newYork = await makeSite(suite.db, suite.bus, 'America/New_York');
});

describe("each person's day is their site's day", () => {
  it('dates a check-in on the Singapore day while London is still on the day before', async () => {
    const sg = await personAt(singapore);
    const london = await personAt();
    at('2026-07-08T17:30:00Z'); // Singapore 01:30 on the 9th, London 18:30 on the 8th
    expect((await checkIn(sg)).date).toBe('2026-07-09');
    expect((await checkIn(london)).date).toBe('2026-07-08');
    const status = await suite.http.get('/api/attendance/my-status', sg);
    expect(status.json().status).toMatchObject({ date: '2026-07-09', canCheckIn: false, canCheckOut: true });
    expect((await suite.http.get('/api/attendance/my-status', london)).json().status.date).toBe('2026-07-08');
  });

  it("judges lateness on the site's clock, ahead of UTC and behind it", async () => {
    const sg = await personAt(singapore);
    const ny = await personAt(newYork);
    const london = await personAt();
    at('2026-07-09T01:15:00Z'); // 09:15 in Singapore: past 09:00 and ten minutes' grace
    expect(await checkIn(sg)).toMatchObject({ date: '2026-07-09', late: true });
    expect(await checkIn(london)).toMatchObject({ date: '2026-07-09', late: false }); // 02:15 BST
    at('2026-07-09T13:05:00Z'); // 09:05 in New York, 14:05 in London
    expect(await checkIn(ny)).toMatchObject({ date: '2026-07-09', late: false });
    at('2026-07-09T02:00:00Z');
    const nyLate = await personAt(newYork);
    // 22:00 in New York on the 8th, though UTC is on the 9th.
    expect((await checkIn(nyLate)).date).toBe('2026-07-08');
  });

  it.each([
    // London springs forward: 09:15 BST is 08:15 UTC, late; 08:15 GMT would not be.
    ['London spring', undefined, '2026-03-29T08:15:00Z', '2026-03-29', true],
    // London falls back: 08:15 UTC is 08:15 GMT, on time; as BST it would be late.
    ['London autumn', undefined, '2026-10-25T08:15:00Z', '2026-10-25', false],
    // New York springs forward: 13:15 UTC is 09:15 EDT, late; as EST it would be 08:15.
    ['New York spring', 'ny', '2026-03-08T13:15:00Z', '2026-03-08', true],
    // New York falls back: 13:15 UTC is 08:15 EST, on time; as EDT it would be late.
    ['New York autumn', 'ny', '2026-11-01T13:15:00Z', '2026-11-01', false],
  ] as const)('judges lateness right across the DST change (%s)', async (_, site, instant, date, late) => {
    const person = await personAt(site === 'ny' ? newYork : undefined);
    at(instant);
    expect(await checkIn(person)).toMatchObject({ date, late });
  });

  it('keeps a night shift crossing local midnight on its check-in date', async () => {
    const ny = await personAt(newYork);
    at('2026-07-10T02:00:00Z'); // 22:00 EDT on the 9th
    expect((await checkIn(ny)).date).toBe('2026-07-09');
    at('2026-07-10T10:00:00Z'); // 06:00 EDT on the 10th: the shift ends
    const out = await suite.http.post('/api/attendance/check-out', ny);
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toMatchObject({
      date: '2026-07-09',
      check_out_time: '2026-07-10T10:00:00.000Z',
    });
    expect(await recordsOf(ny.user.id)).toEqual([
      expect.objectContaining({ date: '2026-07-09', check_out_time: new Date('2026-07-10T10:00:00Z') }),
    ]);
    // The next evening is a day of its own.
    at('2026-07-11T02:00:00Z');
    expect((await checkIn(ny)).date).toBe('2026-07-10');
  });

  it('an administrator corrects a time as the person site judges it', async () => {
    const sg = await personAt(singapore);
    at('2026-07-08T17:30:00Z');
    await checkIn(sg);
    const [record] = await suite.db
      .selectFrom('attendance_records')
      .select('id')
      .where('user_id', '=', sg.user.id)
      .execute();
    at('2026-07-09T12:00:00Z');
    // 09:05 Singapore on the 9th: on time there, though it is the 9th's 01:05 UTC.
    const corrected = await suite.http.patch(`/api/attendance/${record!.id}`, suite.admin, {
      check_in_time: '2026-07-09T01:05:00Z',
      check_out_time: '2026-07-09T09:30:00Z', // 17:30 Singapore
      reason: 'Forgot to badge',
    });
    expect(corrected.statusCode).toBe(200);
    // The answer says whose clock its date and times are on.
    expect(corrected.json().record).toMatchObject({ date: '2026-07-09', time_zone: 'Asia/Singapore' });
    expect(await recordsOf(sg.user.id)).toEqual([
      expect.objectContaining({ date: '2026-07-09', late: false, early_exit: false }),
    ]);
    // 23:30 on the 8th in Singapore is not on the record's day there.
    const wrongDay = await suite.http.patch(`/api/attendance/${record!.id}`, suite.admin, {
      check_in_time: '2026-07-08T15:30:00Z',
      reason: 'Wrong day',
    });
    expect(wrongDay.statusCode).toBe(400);
    expect(wrongDay.json().error.details[0]).toMatchObject({ field: 'check_in_time', rule: 'same_day' });
  });

  it('moves a person to another site: their earlier days stay, new check-ins use the new zone', async () => {
    const person = await personAt();
    at('2026-07-13T17:00:00Z'); // 18:00 London on the 13th
    expect((await checkIn(person)).date).toBe('2026-07-13');
    await setPersonSite(suite.db, person.user.id, singapore);
    at('2026-07-14T17:00:00Z'); // 01:00 Singapore on the 15th
    expect((await checkIn(person)).date).toBe('2026-07-15');
    expect((await recordsOf(person.user.id)).map((r) => r.date)).toEqual(['2026-07-13', '2026-07-15']);
  });

  it("ends a night shift from the door on the site's clock", async () => {
    const sg = await personAt(singapore);
    const zones = { timeZone: async () => 'Asia/Singapore' };
    const badges = (action: 'entry' | 'exit', iso: string) =>
      suite.db
        .transaction()
        .execute((trx) => applyBadges(trx, [{ userId: sg.user.id, action, at: new Date(iso) }], zones));
    // 22:00 in Singapore on the 20th (14:00 UTC), out at 06:00 on the 21st (22:00 UTC, still the 20th there).
    expect(await badges('entry', '2026-07-20T14:00:00Z')).toEqual([
      { userId: sg.user.id, date: '2026-07-20', action: 'check_in' },
    ]);
    expect(await badges('exit', '2026-07-20T22:00:00Z')).toEqual([
      { userId: sg.user.id, date: '2026-07-20', action: 'check_out' },
    ]);
    expect(await recordsOf(sg.user.id)).toEqual([
      expect.objectContaining({ date: '2026-07-20', check_out_time: new Date('2026-07-20T22:00:00Z') }),
    ]);
  });

  it("lists a person absent once their own site's day has come", async () => {
    const ny = await personAt(newYork);
    const london = await personAt();
    const sg = await personAt(singapore);
    at('2026-07-21T02:00:00Z'); // London 03:00 and Singapore 10:00 on the 21st; New York 22:00 on the 20th
    const listed = async (person: Session, date: string, status?: string) => {
      const query = `date=${date}&department=${person.user.departmentId}${status ? `&status=${status}` : ''}`;
      const answer = (await suite.http.get(`/api/attendance?${query}`, suite.admin)).json();
      return {
        total: answer.total,
        statuses: answer.attendance.map((r: { attendance_status: string }) => r.attendance_status),
      };
    };
    expect(await listed(london, '2026-07-21')).toEqual({ total: 1, statuses: ['absent'] });
    expect(await listed(sg, '2026-07-21')).toEqual({ total: 1, statuses: ['absent'] });
    expect(await listed(sg, '2026-07-21', 'absent')).toEqual({ total: 1, statuses: ['absent'] });
    // New York's 21st has not begun; its 20th has.
    expect(await listed(ny, '2026-07-21')).toEqual({ total: 0, statuses: [] });
    expect(await listed(ny, '2026-07-20')).toEqual({ total: 1, statuses: ['absent'] });
  });

  it("counts a door's passages on its site's day", async () => {
    const warehouseDoor = await makeDevice(suite.db);
    await suite.db
      .updateTable('devices')
      .set({ site_id: singapore })
      .where('id', '=', warehouseDoor.id)
      .execute();
    const officeDoor = await makeDevice(suite.db);
    const at = '2026-07-22T17:30:00Z'; // Singapore 01:30 on the 23rd, London 18:30 on the 22nd
    await makeAccessEvents(suite.db, [
      { device: warehouseDoor, at },
      { device: officeDoor, at },
      { device: officeDoor, at, kind: 'denied' },
    ]);
    const counts = await suite.db
      .selectFrom('access_daily_counts')
      .select(['day', 'site_id', 'entries', 'denied'])
      .where('day', 'in', ['2026-07-22', '2026-07-23'])
      .orderBy('day')
      .execute();
    const first = (
      await suite.db
        .selectFrom('sites')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;
    expect(counts).toEqual([
      { day: '2026-07-22', site_id: first, entries: 1, denied: 1 },
      { day: '2026-07-23', site_id: singapore, entries: 1, denied: 0 },
    ]);
    // The organisation's figures of a day sum the sites; of today, each site's own today.
    expect(await dailyCounts(suite.db, '2026-07-23')).toMatchObject({ entries: 1, denied: 0 });
    const todays = [
      { siteId: first, date: '2026-07-22' },
      { siteId: singapore, date: '2026-07-23' },
    ];
    expect(await dailyCounts(suite.db, todays)).toMatchObject({ entries: 2, denied: 1 });
  });

  it("dates a badge batch's passages each on its person's site's day", async () => {
    const sg = await personAt(singapore);
    const london = await personAt();
    const passage = new Date('2026-07-16T17:30:00Z'); // Singapore 01:30 on the 17th, London 18:30 on the 16th
    const changes = await suite.db.transaction().execute((trx) =>
      applyBadges(
        trx,
        [
          { userId: sg.user.id, action: 'entry', at: passage },
          { userId: london.user.id, action: 'entry', at: passage },
        ],
        { timeZone: async (siteId) => (siteId === singapore ? 'Asia/Singapore' : 'Europe/London') },
      ),
    );
    expect(changes).toEqual([
      { userId: sg.user.id, date: '2026-07-17', action: 'check_in' },
      { userId: london.user.id, date: '2026-07-16', action: 'check_in' },
    ]);
  });
});
