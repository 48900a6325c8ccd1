import type { AddressInfo } from 'node:net';
import { addDays } from '@atrium/contract/calendar';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeAttendance, makeDepartment, makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

const suite = useSuite();

let serial = 0;
/** Fields of a new person nobody else has. */
function newPerson(departmentId: number | null, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: 'Nina',
    lastName: `Newhire${serial}`,
    email: `nina.${serial}@example.test`,
    employeeNumber: `NEW-${serial}`,
    badgeNumber: `NB-${serial}`,
    departmentId,
    role: 'staff',
    startDate: '2026-12-01',
    ...overrides,
  };
}

const auditsOf = (action: string, userId: number) =>
  suite.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', String(userId))
    .orderBy('id')
    .execute();

describe('POST /api/users', () => {
  it('adds a person without a password and answers their invitation link (audited)', async () => {
    const department = await makeDepartment(suite.db, 'Hiring');
    const fields = newPerson(department.id, { email: 'Nina.Upper@Example.TEST' });
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...suite.admin.auth, host: 'atrium.example:8443' },
      payload: fields,
    });
    expect(res.statusCode).toBe(201);
    const { person, invitation } = res.json();
    expect(person).toMatchObject({
      first_name: 'Nina',
      email: 'nina.upper@example.test',
      employee_number: fields.employeeNumber,
      badge_number: fields.badgeNumber,
      department_id: department.id,
      department_name: 'Hiring',
      role: 'staff',
      start_date: '2026-12-01',
      active: true,
      has_password: false,
    });
    expect(invitation.inviteUrl).toMatch(/^http:\/\/atrium\.example:8443\/invite\/[A-Za-z0-9_-]{43}$/);
    const row = await suite.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(await auditsOf('user.created', person.id)).toEqual([
      {
        actor_user_id: suite.admin.user.id,
        details: expect.objectContaining({ email: 'nina.upper@example.test', role: 'staff' }),
      },
    ]);
    const listed = await suite.http.get(`/api/users?search=${fields.employeeNumber}`, suite.admin);
    expect(listed.json().users).toEqual([expect.objectContaining({ id: person.id, active: true })]);
  });

  it('refuses a taken email, employee number or badge number with 409 naming each field', async () => {
    const existing = await makeUser(suite.db, { department: 'Hiring' });
    const badge = await suite.db
      .selectFrom('users')
      .select(['employee_number', 'badge_number'])
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    const cases = [
      { email: existing.email.toUpperCase(), field: 'email' },
      { employeeNumber: badge.employee_number, field: 'employeeNumber' },
      { badgeNumber: badge.badge_number, field: 'badgeNumber' },
    ];
    for (const { field, ...clash } of cases) {
      const res = await suite.http.post('/api/users', suite.admin, newPerson(existing.departmentId, clash));
      expect(res.statusCode, field).toBe(409);
      expect(res.json().error.details).toEqual([
        { field, rule: 'unique', message: expect.stringContaining('already used') },
      ]);
    }
    const all = await suite.http.post(
      '/api/users',
      suite.admin,
      newPerson(null, { email: existing.email, badgeNumber: badge.badge_number }),
    );
    expect(all.json().error.details.map((d: { field: string }) => d.field)).toEqual(['email', 'badgeNumber']);
  });

  it('refuses an unknown department with 400 naming departmentId, and bad fields by name', async () => {
    const res = await suite.http.post('/api/users', suite.admin, newPerson(424242));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'departmentId', rule: 'exists', message: 'The department must be an existing one' },
    ]);
    const bad = await suite.http.post(
      '/api/users',
      suite.admin,
      newPerson(null, { email: 'nope', role: 'boss' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'role']);
  });
});

describe('PATCH /api/users/:id', () => {
  it('edits fields; a badge or role change is audited old -> new and reaches live sessions', async () => {
    const person = await suite.signedIn({ department: 'Editing' });
    const other = await makeDepartment(suite.db, 'Edited To');
    const before = await suite.db
      .selectFrom('users')
      .select('badge_number')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect((await suite.http.get('/api/users', person)).statusCode).toBe(403);
    const res = await suite.http.patch(`/api/users/${person.user.id}`, suite.admin, {
      badgeNumber: 'EDIT-BADGE-1',
      role: 'admin',
      departmentId: other.id,
      lastName: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({
      badge_number: 'EDIT-BADGE-1',
      role: 'admin',
      department_id: other.id,
      last_name: 'Renamed',
    });
    // The same token now acts as an administrator.
    expect((await suite.http.get('/api/users', person)).statusCode).toBe(200);
    const [audit] = await auditsOf('user.updated', person.user.id);
    expect(audit!.details).toEqual({
      changes: {
        badgeNumber: { old: before.badge_number, new: 'EDIT-BADGE-1' },
        role: { old: 'staff', new: 'admin' },
        departmentId: { old: person.user.departmentId, new: other.id },
        lastName: { old: person.user.lastName, new: 'Renamed' },
      },
    });
  });

  it('refuses a badge another person holds (409), an unknown department (400), and own role change', async () => {
    const [a, b] = [await makeUser(suite.db), await makeUser(suite.db)];
    const bBadge = await suite.db
      .selectFrom('users')
      .select('badge_number')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    const clash = await suite.http.patch(`/api/users/${a.id}`, suite.admin, {
      badgeNumber: bBadge.badge_number,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.details[0]).toMatchObject({ field: 'badgeNumber', rule: 'unique' });
    const own = await suite.http.patch(`/api/users/${a.id}`, suite.admin, { badgeNumber: 'STAYS-THE-SAME' });
    expect(
      (await suite.http.patch(`/api/users/${a.id}`, suite.admin, { badgeNumber: 'STAYS-THE-SAME' }))
        .statusCode,
    ).toBe(200);
    expect(own.statusCode).toBe(200);
    const dept = await suite.http.patch(`/api/users/${a.id}`, suite.admin, { departmentId: 424242 });
    expect(dept.statusCode).toBe(400);
    expect(dept.json().error.details[0]).toMatchObject({ field: 'departmentId', rule: 'exists' });
    const self = await suite.http.patch(`/api/users/${suite.admin.user.id}`, suite.admin, { role: 'staff' });
    expect(self.statusCode).toBe(409);
    expect(
      (await suite.http.patch('/api/users/424242', suite.admin, { lastName: 'Nobody' })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/users/:id', () => {
  it("answers the person page: fields, schedule, recent attendance, this year's leave, permissions", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const started = addDays(today, -2);
    const person = await makeUser(suite.db, { department: 'Page Team', startDate: started });
    await makeAttendance(suite.db, { user: person, date: today, checkIn: '09:00' });
    const res = await suite.http.get(`/api/users/${person.id}`, suite.admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.person).toMatchObject({ id: person.id, active: true, has_password: true });
    expect(page.schedule).toEqual({
      workdays: [1, 2, 3, 4, 5],
      start_time: '09:00:00',
      end_time: '17:30:00',
      grace_minutes: 10,
    });
    // Every day since the start date, newest first; none before it.
    expect(page.recent_attendance.map((d: { date: string }) => d.date)).toEqual([
      today,
      addDays(today, -1),
      started,
    ]);
    expect(page.recent_attendance[0]).toMatchObject({ date: today, kind: 'worked', source: 'web' });
    expect(page.leave_balances.length).toBeGreaterThan(0);
    expect(page.leave_balances[0].year).toBe(Number(today.slice(0, 4)));
    expect(page.access_permissions).toEqual([]);
    expect((await suite.http.get('/api/users/424242', suite.admin)).statusCode).toBe(404);
  });
});

describe('POST /api/users/:id/disable and /enable', () => {
  it('disabling ends their sessions and closes their live socket at once; enabling lets them back', async () => {
    const person = await suite.signedIn({ department: 'Leaving' });
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (suite.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const joined = new Promise<void>((resolve) =>
      socket.on('message', (raw) => {
        if (JSON.parse(raw.toString()).type === 'joined') resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'join', userId: person.user.id, token: person.token }));
    await joined;

    const res = await suite.http.post(`/api/users/${person.user.id}/disable`, suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({ id: person.user.id, active: false });
    expect(await closed).toBe(4403);
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(401);
    const login = { email: person.user.email, password: person.user.password };
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/auth/login', payload: login })).statusCode,
    ).toBe(401);

    const disabled = (await suite.http.get('/api/users?status=disabled', suite.admin)).json().users;
    expect(disabled.map((u: { id: number }) => u.id)).toContain(person.user.id);
    const active = (await suite.http.get('/api/users?limit=200', suite.admin)).json().users;
    expect(active.map((u: { id: number }) => u.id)).not.toContain(person.user.id);

    expect(
      (await suite.http.post(`/api/users/${person.user.id}/enable`, suite.admin)).json().person.active,
    ).toBe(true);
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/auth/login', payload: login })).statusCode,
    ).toBe(200);
    expect((await auditsOf('user.disabled', person.user.id)).length).toBe(1);
    expect((await auditsOf('user.enabled', person.user.id)).length).toBe(1);
  });

  it('refuses disabling yourself, and an unknown person', async () => {
    expect((await suite.http.post(`/api/users/${suite.admin.user.id}/disable`, suite.admin)).statusCode).toBe(
      409,
    );
    expect((await suite.http.post('/api/users/424242/disable', suite.admin)).statusCode).toBe(404);
  });
});

describe('the status filter', () => {
  it('pages through everybody with status=all, disabled people included, in name order', async () => {
    // A disabled person, first in name order.
    await makeUser(suite.db, { department: 'Status Team', lastName: 'Aaaa-Status', active: false });
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await suite.http.get(
        `/api/users?status=all&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        suite.admin,
      );
      const page = res.json() as { users: { id: number }[]; next_cursor: string | null };
      seen.push(...page.users.map((u) => u.id));
      cursor = page.next_cursor;
    }
    const all = await suite.db.selectFrom('users').select('id').execute();
    expect(seen.sort((a, b) => a - b)).toEqual(all.map((u) => u.id).sort((a, b) => a - b));
    expect((await suite.http.get('/api/users?status=gone', suite.admin)).statusCode).toBe(400);
  });
});

describe('admin only', () => {
  it('answers 403 to staff on every people endpoint and changes nothing', async () => {
    const staff = await suite.signedIn({ department: 'Staff Only' });
    const target = await makeUser(suite.db);
    const requests: [string, string, object?][] = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${target.id}`],
      ['POST', '/api/users', newPerson(null)],
      ['PATCH', `/api/users/${target.id}`, { role: 'admin' }],
      ['POST', `/api/users/${target.id}/disable`],
      ['POST', `/api/users/${target.id}/enable`],
      ['POST', `/api/users/${target.id}/invitation`],
    ];
    for (const [method, url, body] of requests) {
      const res = await suite.http.request(method as 'GET', url, staff, body);
      expect(`${method} ${url} -> ${res.statusCode}`).toBe(`${method} ${url} -> 403`);
    }
    const row = await suite.db
      .selectFrom('users')
      .select(['role', 'active'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'staff', active: true });
  });
});
