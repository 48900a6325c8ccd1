import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Wednesday 8 July 2026, in London.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T14:00:00Z' });
let staff: Session;

beforeAll(async () => {
  staff = await suite.signedIn({ department: 'Departments Staff' });
});

const audits = async (action: string, targetId: number) =>
  suite.db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .execute();

const listed = async () =>
  (await suite.http.get('/api/departments', suite.admin)).json().departments as {
    id: number;
    name: string;
    people: number;
    active_people: number;
    manager_name: string | null;
    parent_id: number | null;
  }[];

describe('departments', () => {
  it('adds, renames and deletes an empty department, audited, with its schedule', async () => {
    const created = await suite.http.post('/api/users/departments', suite.admin, { name: '  Field Sales ' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().department;
    expect(created.json().department).toEqual({
      id,
      name: 'Field Sales',
      manager_id: null,
      parent_id: null,
      site_id: expect.any(Number),
      site: 'Head Office',
    });
    expect((await listed()).find((d) => d.id === id)).toMatchObject({ people: 0, manager_name: null });
    const schedules = (await suite.http.get('/api/schedules', suite.admin)).json();
    expect(schedules.today).toBe('2026-07-08');
    expect(schedules.schedules.find((s: { departmentId: number }) => s.departmentId === id).current).toEqual({
      effectiveFrom: '2000-01-01',
      workdays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '17:30',
      graceMinutes: 10,
    });

    const renamed = await suite.http.patch(`/api/users/departments/${id}`, suite.admin, { name: 'Sales' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().department.name).toBe('Sales');

    const removed = await suite.http.del(`/api/users/departments/${id}`, suite.admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed()).some((d) => d.id === id)).toBe(false);
    expect(await suite.db.selectFrom('work_schedules').where('department_id', '=', id).execute()).toEqual([]);
    expect((await audits('department.created', id))[0]?.details).toEqual({
      name: 'Field Sales',
      siteId: created.json().department.site_id,
    });
    expect((await audits('department.renamed', id))[0]?.details).toEqual({
      old: 'Field Sales',
      new: 'Sales',
    });
    expect(await audits('department.deleted', id)).toHaveLength(1);
    expect((await suite.http.del(`/api/users/departments/${id}`, suite.admin)).statusCode).toBe(404);
  });

  it('refuses a name already taken (whatever its case) with a 409 naming the field', async () => {
    const first = await suite.http.post('/api/users/departments', suite.admin, { name: 'Logistics' });
    const other = await suite.http.post('/api/users/departments', suite.admin, { name: 'Marketing' });
    for (const res of [
      await suite.http.post('/api/users/departments', suite.admin, { name: 'logistics' }),
      await suite.http.patch(`/api/users/departments/${other.json().department.id}`, suite.admin, {
        name: 'Logistics',
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details).toEqual([
        { field: 'name', rule: 'unique', message: 'This is already the name of a department' },
      ]);
    }
    // Renaming to its own name (another case) is no conflict.
    const same = await suite.http.patch(`/api/users/departments/${first.json().department.id}`, suite.admin, {
      name: 'LOGISTICS',
    });
    expect(same.statusCode).toBe(200);
    const blank = await suite.http.post('/api/users/departments', suite.admin, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json().error.details)).toContain('name');
  });

  it('refuses to delete a department anyone belongs to, disabled people included, and says how many', async () => {
    const active = await makeUser(suite.db, { department: 'Warehouse East' });
    await makeUser(suite.db, { department: 'Warehouse East', active: false });
    const res = await suite.http.del(`/api/users/departments/${active.departmentId}`, suite.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Warehouse East still has 2 people (1 active, 1 disabled). Move them to another department before deleting it.',
    );
    expect((await listed()).find((d) => d.id === active.departmentId)).toMatchObject({
      people: 2,
      active_people: 1,
    });
    expect(await audits('department.deleted', active.departmentId)).toEqual([]);
  });

  it('answers 403 to staff on every department and schedule endpoint', async () => {
    const id = staff.user.departmentId;
    const schedule = { workdays: [1], startTime: '08:00', endTime: '16:00', graceMinutes: 5 };
    const attempts = [
      ['GET', '/api/departments'],
      ['POST', '/api/users/departments', { name: 'Staff Made' }],
      ['PATCH', `/api/users/departments/${id}`, { name: 'Renamed' }],
      ['DELETE', `/api/users/departments/${id}`],
      ['PUT', `/api/departments/${id}/parent`, { parentId: null }],
      ['GET', '/api/schedules'],
      ['PUT', `/api/departments/${id}/schedule`, schedule],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await suite.http.request(method, url, staff, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('the department tree', () => {
  const make = async (name: string) =>
    (await suite.http.post('/api/users/departments', suite.admin, { name })).json().department.id as number;
  const move = (id: number, parentId: number | null) =>
    suite.http.put(`/api/departments/${id}/parent`, suite.admin, { parentId });
  const parentOf = async (id: number) =>
    (await listed()).find((d) => d.id === id) as { parent_id: number | null };

  it('moves a department inside another and back to the top, audited, and lists where each sits', async () => {
    const [operations, logistics] = [await make('Move Operations'), await make('Move Logistics')];
    const moved = await move(logistics, operations);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().department).toMatchObject({ id: logistics, parent_id: operations });
    expect(await parentOf(logistics)).toMatchObject({ parent_id: operations });
    expect(await parentOf(operations)).toMatchObject({ parent_id: null });
    expect((await move(logistics, null)).json().department.parent_id).toBeNull();
    expect((await audits('department.parent_changed', logistics)).map((a) => a.details)).toEqual([
      { name: 'Move Logistics', oldParentId: null, newParentId: operations },
      { name: 'Move Logistics', oldParentId: operations, newParentId: null },
    ]);
  });

  it('refuses a loop with a 409 that names it, and a department inside itself, changing nothing', async () => {
    const [a, b, c] = [await make('Tree A'), await make('Tree B'), await make('Tree C')];
    await move(b, a);
    await move(c, b);
    const loop = await move(a, c);
    expect(loop.statusCode).toBe(409);
    expect(loop.json().error.message).toBe(
      'Tree A cannot sit inside Tree C, which already sits inside it (Tree A > Tree B > Tree C > Tree A)',
    );
    expect(loop.json().error.details).toEqual([
      {
        field: 'parentId',
        rule: 'no_loop',
        message: 'That would make a loop: Tree A > Tree B > Tree C > Tree A',
      },
    ]);
    const self = await move(b, b);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Tree B cannot sit inside itself');
    expect(await parentOf(a)).toMatchObject({ parent_id: null });
    expect(await parentOf(b)).toMatchObject({ parent_id: a });
    expect(await audits('department.parent_changed', a)).toEqual([]);
  });

  it('never makes a loop from two moves at once', async () => {
    const [x, y] = [await make('Race X'), await make('Race Y')];
    const answers = await Promise.all([move(x, y), move(y, x)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [px, py] = [await parentOf(x), await parentOf(y)];
    expect([px.parent_id, py.parent_id].filter((p) => p !== null)).toHaveLength(1);
  });

  it('names the field of an unknown parent or department, and will not delete one with sub-departments', async () => {
    const [top, inner] = [await make('Holding'), await make('Holding Inner')];
    const unknown = await move(inner, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      { field: 'parentId', rule: 'exists', message: 'No department has this id' },
    ]);
    expect((await move(999_999, top)).statusCode).toBe(404);
    const bad = await suite.http.put(`/api/departments/${inner}/parent`, suite.admin, { parentId: 'top' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('parentId');
    await move(inner, top);
    const refused = await suite.http.request('DELETE', `/api/users/departments/${top}`, suite.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Holding still has a sub-department (Holding Inner). Move it elsewhere before deleting it.',
    );
    await move(inner, null);
    expect(
      (await suite.http.request('DELETE', `/api/users/departments/${top}`, suite.admin)).statusCode,
    ).toBe(200);
  });
});

describe('work schedules', () => {
  const valid = { workdays: [1, 2, 3, 4], startTime: '08:00', endTime: '16:30', graceMinutes: 15 };

  it('names the field and rule of a bad schedule and changes nothing', async () => {
    const person = await makeUser(suite.db, { department: 'Schedule Rules' });
    const cases = [
      [{ ...valid, workdays: [] }, 'workdays', 'at least one day'],
      [{ ...valid, workdays: [1, 1] }, 'workdays', 'must not repeat'],
      [{ ...valid, workdays: [0] }, 'workdays', 'weekday from 1'],
      [{ ...valid, endTime: '08:00' }, 'endTime', 'after the start time'],
      [{ ...valid, endTime: '07:00' }, 'endTime', 'after the start time'],
      [{ ...valid, startTime: '25:00' }, 'startTime', 'HH:MM'],
      [{ ...valid, graceMinutes: 121 }, 'graceMinutes', 'from 0 to 120'],
      [{ ...valid, graceMinutes: -1 }, 'graceMinutes', 'from 0 to 120'],
    ] as const;
    for (const [body, field, rule] of cases) {
      const res = await suite.http.put(`/api/departments/${person.departmentId}/schedule`, suite.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(field);
      expect(JSON.stringify(res.json().error.details)).toContain(rule);
    }
    expect((await suite.http.put('/api/departments/999999/schedule', suite.admin, valid)).statusCode).toBe(
      404,
    );
    const rows = await suite.db
      .selectFrom('work_schedules')
      .where('department_id', '=', person.departmentId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('adds a version from today, replaced by a second change the same day, audited with old and new', async () => {
    const person = await makeUser(suite.db, { department: 'Schedule Versions' });
    const url = `/api/departments/${person.departmentId}/schedule`;
    const first = await suite.http.put(url, suite.admin, valid);
    expect(first.statusCode, first.body).toBe(200);
    const second = await suite.http.put(url, suite.admin, { ...valid, workdays: [5, 1], graceMinutes: 0 });
    expect(second.json().schedule).toEqual({
      departmentId: person.departmentId,
      departmentName: 'Schedule Versions',
      current: {
        effectiveFrom: '2026-07-08',
        workdays: [1, 5],
        startTime: '08:00',
        endTime: '16:30',
        graceMinutes: 0,
      },
      versions: [
        {
          effectiveFrom: '2026-07-08',
          workdays: [1, 5],
          startTime: '08:00',
          endTime: '16:30',
          graceMinutes: 0,
        },
        {
          effectiveFrom: '2000-01-01',
          workdays: [1, 2, 3, 4, 5],
          startTime: '09:00',
          endTime: '17:30',
          graceMinutes: 10,
        },
      ],
    });
    const trail = await audits('department.schedule_changed', person.departmentId);
    expect(trail).toHaveLength(2);
    expect(trail[1]?.details).toMatchObject({
      effectiveFrom: '2026-07-08',
      old: { workdays: [1, 2, 3, 4], graceMinutes: 15 },
      new: { workdays: [1, 5], graceMinutes: 0 },
    });
  });
});
