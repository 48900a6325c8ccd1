import { beforeAll, describe, expect, it } from 'vitest';
import { makeDepartment } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: '2026-03-10T10:00:00Z' });
let admin: LoggedIn;
let staff: LoggedIn;

beforeAll(async () => {
  admin = suite.admin;
  staff = await suite.signedIn();
});

const auditActions = async (prefix: string) =>
  (
    await suite.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', 'like', `${prefix}%`)
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

describe('organisation settings', () => {
  it('answers the defaults, then what an administrator saved, audited', async () => {
    const before = await suite.http.get('/api/settings', admin);
    expect(before.statusCode).toBe(200);
    expect(before.json().settings).toEqual({
      organisationName: 'Atrium',
      timeZone: 'UTC',
      workWeek: [1, 2, 3, 4, 5],
      leaveEscalationDays: 3,
      leaveClashPercent: 20,
    });

    const saved = await suite.http.put('/api/settings', admin, {
      organisationName: '  Northwind Traders ',
      timeZone: 'Europe/Berlin',
      workWeek: [6, 1, 2, 3, 4],
      leaveEscalationDays: 5,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({
      organisationName: 'Northwind Traders',
      timeZone: 'Europe/Berlin',
      workWeek: [1, 2, 3, 4, 6],
      leaveEscalationDays: 5,
      leaveClashPercent: 20,
    });
    expect((await suite.http.get('/api/app-info')).json()).toMatchObject({
      timezone: 'Europe/Berlin',
      organisationName: 'Northwind Traders',
    });
    expect(await auditActions('organisation.settings')).toEqual(['organisation.settings_changed']);

    // A department created afterwards starts with the organisation's work week.
    const department = await makeDepartment(suite.db, 'Field Sales');
    const schedule = await suite.db
      .selectFrom('work_schedules')
      .select('workdays')
      .where('department_id', '=', department.id)
      .executeTakeFirstOrThrow();
    expect(schedule.workdays).toEqual([1, 2, 3, 4, 6]);

    await suite.http.put('/api/settings', admin, {
      organisationName: 'Atrium',
      timeZone: 'UTC',
      workWeek: [1, 2, 3, 4, 5],
      leaveEscalationDays: 3,
    });
  });

  it('names the field and the rule of bad input, and changes nothing', async () => {
    const cases = [
      [{ organisationName: '', timeZone: 'UTC', workWeek: [1] }, 'organisationName', 'is required'],
      [{ organisationName: 'A', timeZone: 'Mars/Olympus', workWeek: [1] }, 'timeZone', 'IANA'],
      [{ organisationName: 'A', timeZone: 'UTC', workWeek: [] }, 'workWeek', 'at least one day'],
      [{ organisationName: 'A', timeZone: 'UTC', workWeek: [1, 1] }, 'workWeek', 'must not repeat'],
      [{ organisationName: 'A', timeZone: 'UTC', workWeek: [8] }, 'workWeek', 'weekday from 1'],
      [
        { organisationName: 'A', timeZone: 'UTC', workWeek: [1], leaveEscalationDays: 61 },
        'leaveEscalationDays',
        'from 0 to 60',
      ],
    ] as const;
    for (const [body, field, rule] of cases) {
      const res = await suite.http.put('/api/settings', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(field);
      expect(JSON.stringify(res.json().error.details)).toContain(rule);
    }
    expect((await suite.http.get('/api/settings', admin)).json().settings.organisationName).toBe('Atrium');
  });

  it('is for administrators only', async () => {
    expect((await suite.http.get('/api/settings', staff)).statusCode).toBe(403);
    const res = await suite.http.put('/api/settings', staff, {
      organisationName: 'X',
      timeZone: 'UTC',
      workWeek: [1],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('public holidays', () => {
  it('adds, lists by year, renames, moves and removes them, each audited', async () => {
    const created = await suite.http.post('/api/holidays', admin, {
      date: '2026-12-25',
      name: 'Christmas Day',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().holiday.id;
    await suite.http.post('/api/holidays', admin, { date: '2026-01-01', name: "New Year's Day" });
    await suite.http.post('/api/holidays', admin, { date: '2027-01-01', name: "New Year's Day" });

    const year = await suite.http.get('/api/holidays?year=2026', admin);
    expect(year.json().holidays.map((h: { date: string }) => h.date)).toEqual(['2026-01-01', '2026-12-25']);

    const moved = await suite.http.put(`/api/holidays/${id}`, admin, {
      date: '2026-12-26',
      name: 'Boxing Day',
    });
    expect(moved.json().holiday).toEqual({ id, date: '2026-12-26', name: 'Boxing Day' });

    expect((await suite.http.del(`/api/holidays/${id}`, admin)).statusCode).toBe(200);
    expect((await suite.http.del(`/api/holidays/${id}`, admin)).statusCode).toBe(404);
    expect(await auditActions('organisation.holiday')).toEqual([
      'organisation.holiday_created',
      'organisation.holiday_created',
      'organisation.holiday_created',
      'organisation.holiday_changed',
      'organisation.holiday_removed',
    ]);
  });

  it('refuses a second holiday on one date, naming the field', async () => {
    await suite.http.post('/api/holidays', admin, { date: '2026-05-01', name: 'Labour Day' });
    const again = await suite.http.post('/api/holidays', admin, { date: '2026-05-01', name: 'May Day' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0]).toMatchObject({ field: 'date', rule: 'unique' });
    const bad = await suite.http.post('/api/holidays', admin, { date: '2026-02-30', name: 'Nope' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('date');
  });

  it("copies last year's holidays to the same dates, skipping taken dates and 29 February", async () => {
    for (const [date, name] of [
      ['2028-02-29', 'Leap Day'],
      ['2028-07-04', 'Summer Day'],
      ['2028-10-03', 'Unity Day'],
    ]) {
      await suite.http.post('/api/holidays', admin, { date, name });
    }
    await suite.http.post('/api/holidays', admin, { date: '2029-10-03', name: 'Already there' });
    const copied = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2028, toYear: 2029 });
    expect(copied.statusCode).toBe(201);
    expect(copied.json().holidays.map((h: { date: string }) => h.date)).toEqual(['2029-07-04']);
    expect(copied.json().skipped).toBe(2);
    const same = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2028, toYear: 2028 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details[0]).toMatchObject({ field: 'toYear' });
  });

  it('are read by everyone and changed by administrators only', async () => {
    await suite.http.post('/api/holidays', admin, { date: '2026-08-31', name: 'Summer Bank Holiday' });
    const read = await suite.http.get('/api/holidays?year=2026', staff);
    expect(read.statusCode).toBe(200);
    expect(read.json().holidays).toContainEqual(expect.objectContaining({ date: '2026-08-31' }));
    expect(
      (await suite.http.post('/api/holidays', staff, { date: '2026-06-01', name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await suite.http.post('/api/holidays/copy', staff, { fromYear: 2026, toYear: 2027 })).statusCode,
    ).toBe(403);
  });
});
