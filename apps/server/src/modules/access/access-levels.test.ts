import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTestApp, type TestDoor, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeAccessPermission, makeUser, type TestUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';

// Access levels and grants, managed by administrators (issue 32).
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;
let admin: LoggedIn;
let staff: LoggedIn;
let staffUser: TestUser;
let levels: { main: number; secure: number };

useAccessSuite('L', (s) => {
  ({ database, t } = s);
  ({ main, server, levels } = s.doors);
});

beforeAll(async () => {
  admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  staffUser = await makeUser(database.db, { department: 'Levels Dept' });
  staff = await login(t.app, staffUser);
});

async function call(session: LoggedIn, method: string, url: string, payload?: object) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: session.auth,
    payload,
  });
  return { statusCode: res.statusCode, json: () => res.json() };
}

const detail = (res: { json: () => { error: { details: { field: string; message: string }[] } } }) =>
  res.json().error.details[0]!;

describe('access levels', () => {
  it('are created with doors and weekly schedules, listed, edited and deleted', async () => {
    const created = await call(admin, 'POST', '/access/levels', {
      name: 'Warehouse day',
      description: 'Weekdays only',
      doors: [
        { access_point_id: main.accessPointId, days: [1, 2, 3, 4, 5], starts: '06:00', ends: '20:00' },
        { access_point_id: server.accessPointId },
      ],
    });
    expect(created.statusCode).toBe(201);
    const level = created.json().level;
    expect(level.doors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          access_point_id: main.accessPointId,
          days: [1, 2, 3, 4, 5],
          starts: '06:00',
          ends: '20:00',
        }),
        expect.objectContaining({
          access_point_id: server.accessPointId,
          days: [1, 2, 3, 4, 5, 6, 7],
          starts: '00:00',
          ends: '24:00',
        }),
      ]),
    );
    const edited = await call(admin, 'PATCH', `/access/levels/${level.id}`, {
      doors: [{ access_point_id: main.accessPointId, days: [6, 7], starts: '10:00', ends: '14:00' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().level.doors).toHaveLength(1);
    const listed = (await call(admin, 'GET', '/access/levels')).json().levels;
    expect(listed.find((l: { id: number }) => l.id === level.id).doors[0].days).toEqual([6, 7]);
    expect((await call(admin, 'DELETE', `/access/levels/${level.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/access/levels/${level.id}`)).statusCode).toBe(404);
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(level.id))
      .where('action', 'like', 'access_level.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'access_level.create',
      'access_level.delete',
      'access_level.update',
    ]);
  });

  it.each([
    ['no doors', { name: 'X', doors: [] }, 'doors', /at least one door/],
    [
      'a time that is none',
      { name: 'X', doors: [{ access_point_id: 1, starts: '25:00' }] },
      'doors.0.starts',
      /HH:MM/,
    ],
    [
      'an end before the start',
      { name: 'X', doors: [{ access_point_id: 1, starts: '10:00', ends: '09:00' }] },
      'doors.0.ends',
      /end after/,
    ],
    [
      'a weekday 8',
      { name: 'X', doors: [{ access_point_id: 1, days: [8] }] },
      'doors.0.days.0',
      /1 \(Monday\) to 7/,
    ],
    ['no name', { name: ' ', doors: [{ access_point_id: 1 }] }, 'name', /required/],
  ])('refuse %s with a 400 naming the field', async (_what, body, field, message) => {
    const res = await call(admin, 'POST', '/access/levels', body);
    expect(res.statusCode).toBe(400);
    expect(detail(res).field).toBe(field);
    expect(detail(res).message).toMatch(message);
  });

  it('refuse a door that does not exist and a name taken, naming the field', async () => {
    const unknown = await call(admin, 'POST', '/access/levels', {
      name: 'Ghost',
      doors: [{ access_point_id: 999999 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(detail(unknown).field).toBe('doors');
    const first = await call(admin, 'POST', '/access/levels', {
      name: 'Twice',
      doors: [{ access_point_id: main.accessPointId }],
    });
    expect(first.statusCode).toBe(201);
    const again = await call(admin, 'POST', '/access/levels', {
      name: 'twice',
      doors: [{ access_point_id: main.accessPointId }],
    });
    expect(again.statusCode).toBe(400);
    expect(detail(again).field).toBe('name');
  });

  it('are for administrators: staff get 403', async () => {
    expect((await call(staff, 'GET', '/access/levels')).statusCode).toBe(403);
    expect(
      (await call(staff, 'POST', '/access/grants', { level_id: 1, user_id: staffUser.id })).statusCode,
    ).toBe(403);
  });
});

describe('grants', () => {
  it('give a person a level with dates, show on My Access with its doors, suspend and revoke', async () => {
    const level = (
      await call(admin, 'POST', '/access/levels', {
        name: 'Night porter',
        doors: [
          { access_point_id: main.accessPointId, days: [1, 2, 3, 4, 5], starts: '18:00', ends: '24:00' },
        ],
      })
    ).json().level;
    const granted = await call(admin, 'POST', '/access/grants', {
      level_id: level.id,
      user_id: staffUser.id,
      valid_from: '2026-01-01',
      valid_until: '2099-12-31',
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().grant).toMatchObject({
      level_name: 'Night porter',
      status: 'active',
      effective: true,
    });
    const twice = await call(admin, 'POST', '/access/grants', { level_id: level.id, user_id: staffUser.id });
    expect(twice.statusCode).toBe(409);

    const mine = (await call(staff, 'GET', '/access/my-permissions')).json().permissions;
    const porter = mine.find((p: { area_name: string }) => p.area_name === 'Night porter');
    expect(porter.doors).toEqual([
      expect.objectContaining({
        access_point_id: main.accessPointId,
        days: [1, 2, 3, 4, 5],
        starts: '18:00',
        ends: '24:00',
      }),
    ]);

    const id = granted.json().grant.id;
    const suspended = await call(admin, 'PATCH', `/access/grants/${id}`, { status: 'suspended' });
    expect(suspended.json().grant).toMatchObject({ status: 'suspended', effective: false });
    const byPerson = (await call(admin, 'GET', `/access/grants?user_id=${staffUser.id}`)).json();
    expect(byPerson.grants.map((g: { id: number }) => g.id)).toContain(id);
    expect((await call(admin, 'DELETE', `/access/grants/${id}`)).statusCode).toBe(200);
    expect((await call(admin, 'PATCH', `/access/grants/${id}`, { status: 'active' })).statusCode).toBe(404);
  });

  it.each([
    [
      'both a person and a department',
      (u: number, d: number) => ({ user_id: u, department_id: d }),
      'user_id',
    ],
    ['neither', () => ({}), 'user_id'],
    [
      'dates in the wrong order',
      (u: number) => ({ user_id: u, valid_from: '2026-05-01', valid_until: '2026-04-01' }),
      'valid_until',
    ],
  ])('refuse %s with a 400 naming the field', async (_what, make, field) => {
    const res = await call(admin, 'POST', '/access/grants', {
      level_id: 1,
      ...make(staffUser.id, staffUser.departmentId),
    });
    expect(res.statusCode).toBe(400);
    expect(detail(res).field).toBe(field);
  });

  it('refuse a person, department or level that does not exist', async () => {
    const levels = (await call(admin, 'GET', '/access/levels')).json().levels;
    const noPerson = await call(admin, 'POST', '/access/grants', { level_id: levels[0].id, user_id: 999999 });
    expect(noPerson.statusCode).toBe(400);
    expect(detail(noPerson).field).toBe('user_id');
    const noLevel = await call(admin, 'POST', '/access/grants', {
      level_id: 999999,
      department_id: staffUser.departmentId,
    });
    expect(detail(noLevel).field).toBe('level_id');
  });

  it("list on My Access, mine and my department's, with their state", async () => {
    const fresh = await makeUser(database.db, { department: 'Levels Mine' });
    await makeAccessPermission(database.db, {
      level: { id: levels.main },
      department: { id: fresh.departmentId },
    });
    await makeAccessPermission(database.db, {
      level: { id: levels.secure },
      user: fresh,
      status: 'suspended',
    });
    const session = await login(t.app, fresh);
    const res = (await call(session, 'GET', '/access/my-permissions')).json();
    expect(
      res.permissions.map((p: { area_name: string; status: string; granted_via: string }) => [
        p.area_name,
        p.status,
        p.granted_via,
      ]),
    ).toEqual([
      ['Main Building L', 'active', 'department'],
      ['Server Room L', 'suspended', 'person'],
    ]);
    expect((await call(session, 'GET', '/access/my-stats')).json().stats.authorized_areas).toBe(1);
  });

  it('page newest first with a cursor', async () => {
    const levels = (await call(admin, 'GET', '/access/levels')).json().levels;
    for (const l of levels.slice(0, 3))
      await call(admin, 'POST', '/access/grants', { level_id: l.id, department_id: staffUser.departmentId });
    const first = (
      await call(admin, 'GET', `/access/grants?department_id=${staffUser.departmentId}&limit=2`)
    ).json();
    expect(first.grants).toHaveLength(2);
    const rest = (
      await call(
        admin,
        'GET',
        `/access/grants?department_id=${staffUser.departmentId}&limit=2&cursor=${first.next_cursor}`,
      )
    ).json();
    expect(rest.grants.length).toBeGreaterThan(0);
    expect(rest.grants[0].id).toBeLessThan(first.grants[1].id);
  });
});
