import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { leaveTypeId } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: '2026-03-10T10:00:00Z' });
let admin: LoggedIn;
let staff: LoggedIn;
let headOffice: number;
let warehouse: number;

beforeAll(async () => {
  admin = suite.admin;
  staff = await suite.signedIn();
  headOffice = (await suite.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  ({ id: warehouse } = await suite.db
    .insertInto('sites')
    .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' })
    .returning('id')
    .executeTakeFirstOrThrow());
});

const auditsOf = (prefix: string) =>
  suite.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('action', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
const declare = (body: object) => suite.http.post('/api/holidays', admin, body);
const datesOf = (res: { json(): { holidays: { date: string; site: string | null }[] } }) =>
  res.json().holidays.map((h) => `${h.date} ${h.site ?? 'all'}`);

describe('public holidays', () => {
  it('adds, lists by year, renames, moves and removes them, each audited', async () => {
    const created = await declare({ date: '2026-12-25', name: 'Christmas Day' });
    expect(created.statusCode).toBe(201);
    const id = created.json().holiday.id;
    await declare({ date: '2026-01-01', name: "New Year's Day" });
    await declare({ date: '2027-01-01', name: "New Year's Day" });

    const year = await suite.http.get('/api/holidays?year=2026', admin);
    expect(year.json().holidays.map((h: { date: string }) => h.date)).toEqual(['2026-01-01', '2026-12-25']);

    const moved = await suite.http.put(`/api/holidays/${id}`, admin, {
      date: '2026-12-26',
      name: 'Boxing Day',
    });
    expect(moved.json().holiday).toEqual({
      id,
      date: '2026-12-26',
      name: 'Boxing Day',
      site_id: null,
      site: null,
    });

    expect((await suite.http.del(`/api/holidays/${id}`, admin)).statusCode).toBe(200);
    expect((await suite.http.del(`/api/holidays/${id}`, admin)).statusCode).toBe(404);
    expect((await auditsOf('organisation.holiday')).map((a) => a.action)).toEqual([
      'organisation.holiday_created',
      'organisation.holiday_created',
      'organisation.holiday_created',
      'organisation.holiday_changed',
      'organisation.holiday_removed',
    ]);
  });

  it('refuses a second holiday on one date, naming the field', async () => {
    await declare({ date: '2026-05-01', name: 'Labour Day' });
    const again = await declare({ date: '2026-05-01', name: 'May Day' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('1 May 2026 already has a public holiday');
    expect(again.json().error.details[0]).toMatchObject({ field: 'date', rule: 'unique' });
    const bad = await declare({ date: '2026-02-30', name: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('date');
  });

  it("copies last year's holidays to the same dates, skipping taken dates and 29 February", async () => {
    for (const [date, name] of [
      ['2028-02-29', 'Leap Day'],
      ['2028-07-04', 'Summer Day'],
      ['2028-10-03', 'Unity Day'],
    ]) {
      await declare({ date, name });
    }
    await declare({ date: '2029-10-03', name: 'Already there' });
    const copied = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2028, toYear: 2029 });
    expect(copied.statusCode).toBe(201);
    expect(copied.json().holidays.map((h: { date: string }) => h.date)).toEqual(['2029-07-04']);
    expect(copied.json().skipped).toBe(2);
    const same = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2028, toYear: 2028 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details[0]).toMatchObject({ field: 'toYear' });
  });

  it('are read by everyone and changed by administrators only', async () => {
    await declare({ date: '2026-08-31', name: 'Summer Bank Holiday' });
    const read = await suite.http.get('/api/holidays?year=2026', staff);
    expect(read.statusCode).toBe(200);
    expect(read.json().holidays).toContainEqual(expect.objectContaining({ date: '2026-08-31' }));
    expect(
      (await suite.http.post('/api/holidays', staff, { date: '2026-06-01', name: 'X', siteId: warehouse }))
        .statusCode,
    ).toBe(403);
    expect(
      (await suite.http.post('/api/holidays/copy', staff, { fromYear: 2026, toYear: 2027 })).statusCode,
    ).toBe(403);
  });
});

describe('holidays of one site', () => {
  it('answer their site, list with every-site holidays under a site filter, and are audited with it', async () => {
    const national = await declare({ date: '2030-08-09', name: 'National Day', siteId: warehouse });
    expect(national.statusCode).toBe(201);
    expect(national.json().holiday).toMatchObject({
      date: '2030-08-09',
      name: 'National Day',
      site_id: warehouse,
      site: 'Singapore Warehouse',
    });
    await declare({ date: '2030-08-26', name: 'Summer Bank Holiday', siteId: headOffice });
    await declare({ date: '2030-12-25', name: 'Christmas Day', siteId: null });

    const all = await suite.http.get('/api/holidays?year=2030', staff);
    expect(datesOf(all)).toEqual([
      '2030-08-09 Singapore Warehouse',
      '2030-08-26 Head Office',
      '2030-12-25 all',
    ]);
    const singapore = await suite.http.get(`/api/holidays?year=2030&siteId=${warehouse}`, staff);
    expect(datesOf(singapore)).toEqual(['2030-08-09 Singapore Warehouse', '2030-12-25 all']);
    // A person's own: the staff member is at head office (their department's site).
    const mine = await suite.http.get('/api/holidays?year=2030&person=me', staff);
    expect(datesOf(mine)).toEqual(['2030-08-26 Head Office', '2030-12-25 all']);
    const bad = await suite.http.get('/api/holidays?year=2030&person=you', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ field: 'person' });

    const [audit] = await auditsOf('organisation.holiday_created').then((rows) => rows.slice(-3));
    expect(audit!.details).toMatchObject({
      date: '2030-08-09',
      site_id: warehouse,
      site: 'Singapore Warehouse',
    });

    // Moved to every site, audited before and after.
    const id = national.json().holiday.id;
    const everywhere = await suite.http.put(`/api/holidays/${id}`, admin, {
      date: '2030-08-09',
      name: 'National Day',
    });
    expect(everywhere.json().holiday).toMatchObject({ site_id: null, site: null });
    const [changed] = (await auditsOf('organisation.holiday_changed')).slice(-1);
    expect(changed!.details).toMatchObject({ before: { site_id: warehouse }, after: { site_id: null } });
  });

  it('share a date between two sites, but not with a holiday of every site, either way round', async () => {
    expect((await declare({ date: '2031-05-01', name: 'Labour Day', siteId: warehouse })).statusCode).toBe(
      201,
    );
    expect((await declare({ date: '2031-05-01', name: 'May Day', siteId: headOffice })).statusCode).toBe(201);
    const twice = await declare({ date: '2031-05-01', name: 'Again', siteId: warehouse });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('1 May 2031 already has a public holiday');
    // A holiday of every site would be a second holiday of each of them.
    const every = await declare({ date: '2031-05-01', name: 'Everyone' });
    expect(every.statusCode).toBe(409);
    expect(every.json().error.details[0]).toMatchObject({ field: 'date', rule: 'unique' });

    expect((await declare({ date: '2031-12-25', name: 'Christmas Day' })).statusCode).toBe(201);
    const one = await declare({ date: '2031-12-25', name: 'Warehouse Christmas', siteId: warehouse });
    expect(one.statusCode).toBe(409);
    expect(one.json().error.message).toBe('25 Dec 2031 already has a public holiday');

    // Moving a holiday onto a date another takes at its site is refused too; onto its own, not.
    const labour = (await suite.http.get(`/api/holidays?year=2031&siteId=${warehouse}`, admin))
      .json()
      .holidays.find((h: { name: string }) => h.name === 'Labour Day');
    const move = await suite.http.put(`/api/holidays/${labour.id}`, admin, {
      date: '2031-12-25',
      name: 'Labour Day',
      siteId: warehouse,
    });
    expect(move.statusCode).toBe(409);
    const rename = await suite.http.put(`/api/holidays/${labour.id}`, admin, {
      date: '2031-05-01',
      name: 'Workers Day',
      siteId: warehouse,
    });
    expect(rename.statusCode).toBe(200);
  });

  it('refuse a site that does not exist, naming siteId', async () => {
    for (const res of [
      await declare({ date: '2032-01-02', name: 'Nowhere', siteId: 999_999 }),
      await suite.http.post('/api/holidays/copy', admin, { fromYear: 2031, toYear: 2032, siteId: 999_999 }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
    }
    const bad = await declare({ date: '2032-01-02', name: 'Nowhere', siteId: 'warehouse' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ field: 'siteId' });
    const query = await suite.http.get('/api/holidays?year=2032&siteId=0', admin);
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details[0]).toMatchObject({ field: 'siteId' });
  });

  it('copy to their own site; with siteId only that site’s own', async () => {
    const copied = await suite.http.post('/api/holidays/copy', admin, {
      fromYear: 2031,
      toYear: 2033,
      siteId: warehouse,
    });
    expect(copied.statusCode).toBe(201);
    expect(datesOf(copied)).toEqual(['2033-05-01 Singapore Warehouse']);
    const rest = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2031, toYear: 2033 });
    expect(datesOf(rest)).toEqual(['2033-05-01 Head Office', '2033-12-25 all']);
    expect(rest.json().skipped).toBe(1);
  });

  it("recount only the leave of that site's people", async () => {
    const annual = await leaveTypeId(suite.db, 'Annual Leave');
    const there = await suite.signIn(await makeUser(suite.db, { department: 'Warehouse Floor' }));
    await suite.db
      .updateTable('departments')
      .set({ site_id: warehouse })
      .where('name', '=', 'Warehouse Floor')
      .execute();
    const here = await suite.signedIn({ department: 'Head Office Floor' });
    const apply = async (who: LoggedIn) => {
      const res = await suite.http.post('/api/leave/apply', who, {
        leaveTypeId: annual,
        startDate: '2026-09-14',
        endDate: '2026-09-18',
        reason: 'Time off',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().application.id as number;
    };
    const days = async (id: number) =>
      Number(
        (
          await suite.db
            .selectFrom('leave_applications')
            .select('days_requested')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).days_requested,
      );
    const [a, b] = [await apply(there), await apply(here)];
    expect([await days(a), await days(b)]).toEqual([5, 5]);

    const holiday = await declare({ date: '2026-09-16', name: 'Warehouse Day', siteId: warehouse });
    expect([await days(a), await days(b)]).toEqual([4, 5]);
    const recounts = await suite.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'leave.recounted')
      .execute();
    expect(recounts.map((r) => r.target_id)).toEqual([String(a)]);

    // Moved to every site: both charge it; removed: neither.
    await suite.http.put(`/api/holidays/${holiday.json().holiday.id}`, admin, {
      date: '2026-09-16',
      name: 'Everyone Day',
    });
    expect([await days(a), await days(b)]).toEqual([4, 4]);
    await suite.http.del(`/api/holidays/${holiday.json().holiday.id}`, admin);
    expect([await days(a), await days(b)]).toEqual([5, 5]);
  });
});
