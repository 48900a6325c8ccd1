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
