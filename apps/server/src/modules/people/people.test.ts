import { describe, expect, it } from 'vitest';
import { changeUser, makeUsers } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

const suite = useSuite();

type Page = { users: { id: number; last_name: string; email: string }[]; next_cursor: string | null };

describe('GET /api/users', () => {
  it('pages through every active person in name order, and search narrows', async () => {
    const team = await makeUsers(suite.db, 7, { department: 'Paged People' });
    const seen: Page['users'] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await suite.http.get(`/api/users?limit=3${cursor ? `&cursor=${cursor}` : ''}`, suite.admin);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.users.length).toBeLessThanOrEqual(3);
      seen.push(...page.users);
      cursor = page.next_cursor;
      pages += 1;
    }
    const all = await suite.db.selectFrom('users').select('id').where('active', '=', true).execute();
    expect(seen.map((u) => u.id).sort((a, b) => a - b)).toEqual(all.map((u) => u.id).sort((a, b) => a - b));
    expect(pages).toBe(Math.ceil(all.length / 3) + (all.length % 3 === 0 ? 1 : 0));
    const names = seen.map((u) => u.last_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const found = (
      await suite.http.get(`/api/users?search=${team[3]!.email.toUpperCase()}`, suite.admin)
    ).json() as Page;
    expect(found.users.map((u) => u.id)).toEqual([team[3]!.id]);
    expect(found.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not make, naming the field', async () => {
    const res = await suite.http.get('/api/users?cursor=bm90LWEtY3Vyc29y', suite.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'cursor' });
  });
});

describe('PUT /api/departments/:id/manager', () => {
  it("sets and clears a department's manager, audited with who and when", async () => {
    const [manager, other] = await makeUsers(suite.db, 2, { department: 'Managed Team' });
    const department = manager!.departmentId;
    const before = new Date();
    const res = await suite.http.put(`/api/departments/${department}/manager`, suite.admin, {
      userId: manager!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      department: { id: department, name: 'Managed Team', manager_id: manager!.id, parent_id: null },
      manager: { id: manager!.id, first_name: manager!.firstName, last_name: manager!.lastName },
    });
    const listed = (await suite.http.get('/api/users/departments', suite.admin)).json().departments;
    expect(listed).toContainEqual({
      id: department,
      name: 'Managed Team',
      manager_id: manager!.id,
      parent_id: null,
    });

    await suite.http.put(`/api/departments/${department}/manager`, suite.admin, { userId: other!.id });
    const cleared = await suite.http.put(`/api/departments/${department}/manager`, suite.admin, {
      userId: null,
    });
    expect(cleared.json()).toEqual({
      department: { id: department, name: 'Managed Team', manager_id: null, parent_id: null },
      manager: null,
    });
    const audits = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'at', 'details'])
      .where('action', '=', 'department.manager_set')
      .where('target_type', '=', 'department')
      .where('target_id', '=', String(department))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([
      { old: null, new: manager!.id },
      { old: manager!.id, new: other!.id },
      { old: other!.id, new: null },
    ]);
    for (const a of audits) {
      expect(a.actor_user_id).toBe(suite.admin.user.id);
      expect(a.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }
  });

  it('refuses a person of another department or a disabled one, naming userId', async () => {
    const [member] = await makeUsers(suite.db, 1, { department: 'Own Team' });
    const [outsider] = await makeUsers(suite.db, 1, { department: 'Other Team' });
    const url = `/api/departments/${member!.departmentId}/manager`;
    for (const userId of [outsider!.id, 424242]) {
      const res = await suite.http.put(url, suite.admin, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          field: 'userId',
          rule: 'in_department',
          message: 'The manager must be an active person of Own Team',
        },
      ]);
    }
    await changeUser(suite.db, member!, { active: false });
    expect((await suite.http.put(url, suite.admin, { userId: member!.id })).statusCode).toBe(400);
    expect((await suite.http.put(url, suite.admin, {})).json().error.details[0]).toMatchObject({
      field: 'userId',
    });
    expect(
      (await suite.http.put('/api/departments/424242/manager', suite.admin, { userId: null })).statusCode,
    ).toBe(404);
    const unchanged = await suite.db
      .selectFrom('departments')
      .select('manager_id')
      .where('id', '=', member!.departmentId)
      .executeTakeFirstOrThrow();
    expect(unchanged.manager_id).toBeNull();
  });

  it('answers 403 to staff and changes nothing', async () => {
    const staff = await suite.signedIn({ department: 'Staff Team' });
    const res = await suite.http.put(`/api/departments/${staff.user.departmentId}/manager`, staff, {
      userId: staff.user.id,
    });
    expect(res.statusCode).toBe(403);
    const row = await suite.db
      .selectFrom('departments')
      .select('manager_id')
      .where('id', '=', staff.user.departmentId)
      .executeTakeFirstOrThrow();
    expect(row.manager_id).toBeNull();
  });
});

describe('GET /api/users?department=', () => {
  it("lists only that department's people, for the manager picker", async () => {
    const team = await makeUsers(suite.db, 3, { department: 'Picker Team' });
    await makeUsers(suite.db, 2, { department: 'Not Picked' });
    const res = await suite.http.get(`/api/users?department=${team[0]!.departmentId}`, suite.admin);
    expect((res.json() as Page).users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      team.map((u) => u.id).sort((a, b) => a - b),
    );
  });
});
