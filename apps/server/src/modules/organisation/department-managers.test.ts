import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeUser,
  makeDepartment,
  makeLeaveApplication,
  makeUsers,
  TEST_PASSWORD,
} from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Monday 15 June 2026.
const suite = useSuite({ now: '2026-06-15T10:00:00Z' });

const put = (departmentId: number, managerIds: unknown, who: Session = suite.admin) =>
  suite.http.put(`/api/departments/${departmentId}/managers`, who, { managerIds });

const roleOf = async (who: Session) => (await suite.http.get('/api/auth/me', who)).json().user.role;

const statusOf = async (id: number) =>
  (
    await suite.db
      .selectFrom('leave_applications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** A department `name` inside `parent` (or at the top). */
async function department(name: string, parent?: number) {
  const made = await makeDepartment(suite.db, name);
  if (parent !== undefined)
    await suite.http.put(`/api/departments/${made.id}/parent`, suite.admin, { parentId: parent });
  return made.id;
}

describe('PUT /api/departments/:id/managers', () => {
  it('sets managers in order, lists them, and audits old and new with who', async () => {
    const [first, second] = await makeUsers(suite.db, 2, { department: 'Managed Team' });
    const id = first!.departmentId;
    const res = await put(id, [second!.id, first!.id]);
    expect(res.statusCode).toBe(200);
    const names = (u: typeof first) => `${u!.firstName} ${u!.lastName}`;
    expect(res.json()).toEqual({
      department: {
        id,
        name: 'Managed Team',
        manager_id: second!.id,
        parent_id: null,
        site_id: expect.any(Number),
        site: 'Head Office',
      },
      managers: [
        { id: second!.id, name: names(second) },
        { id: first!.id, name: names(first) },
      ],
    });
    const listed = (await suite.http.get('/api/departments', suite.admin)).json().departments;
    expect(listed.find((d: { id: number }) => d.id === id)).toMatchObject({
      manager_id: second!.id,
      manager_name: names(second),
      managers: [{ id: second!.id }, { id: first!.id }],
    });
    const pickers = (await suite.http.get('/api/users/departments', suite.admin)).json().departments;
    expect(pickers).toContainEqual({
      id,
      name: 'Managed Team',
      manager_id: second!.id,
      parent_id: null,
      site_id: expect.any(Number),
      site: 'Head Office',
    });

    expect((await put(id, [])).json().managers).toEqual([]);
    const audits = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'department.managers_changed')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      {
        actor_user_id: suite.admin.user.id,
        details: { name: 'Managed Team', old: [], new: [second!.id, first!.id] },
      },
      {
        actor_user_id: suite.admin.user.id,
        details: { name: 'Managed Team', old: [second!.id, first!.id], new: [] },
      },
    ]);
  });

  it('refuses a disabled or unknown person, a repeat, or too many, naming managerIds; changes nothing', async () => {
    const people = await makeUsers(suite.db, 6, { department: 'Refusing Team' });
    const id = people[0]!.departmentId;
    await put(id, [people[0]!.id]);
    await changeUser(suite.db, people[1]!, { active: false });
    const disabled = await put(id, [people[1]!.id, 424242]);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().error.details).toEqual([
      {
        field: 'managerIds',
        rule: 'active_person',
        message: `Managers must be active people; these ids are not: ${people[1]!.id}, 424242`,
      },
    ]);
    for (const body of [[people[2]!.id, people[2]!.id], people.slice(0, 6).map((p) => p.id), 'everyone']) {
      const res = await put(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'managerIds' });
    }
    expect((await put(424242, [])).statusCode).toBe(404);
    const listed = (await suite.http.get('/api/departments', suite.admin)).json().departments;
    expect(listed.find((d: { id: number }) => d.id === id).managers.map((m: { id: number }) => m.id)).toEqual(
      [people[0]!.id],
    );
  });

  it('answers 403 to staff and changes nothing', async () => {
    const staff = await suite.signedIn({ department: 'Staff Team' });
    expect((await put(staff.user.departmentId, [staff.user.id], staff)).statusCode).toBe(403);
    expect(await roleOf(staff)).toBe('staff');
  });
});

describe("a manager's standing", () => {
  it('follows the assignments at once, reaches sub-departments, and leaves an admin an admin', async () => {
    const top = await department('Standing Top');
    const below = await department('Standing Below', top);
    const manager = await suite.signedIn({ department: 'Standing Top' });
    expect(await roleOf(manager)).toBe('staff');

    await put(top, [manager.user.id]);
    // The same token, at once: the session is read again.
    expect(await roleOf(manager)).toBe('manager');
    const [member] = await makeUsers(suite.db, 1, { department: 'Standing Below' });
    const app = await makeLeaveApplication(suite.db, {
      user: member!,
      start: '2026-07-01',
      end: '2026-07-02',
    });
    const pending = await suite.http.get('/api/leave/pending', manager);
    expect(pending.json().applications.map((a: { id: number }) => a.id)).toEqual([app.id]);

    // Moving the sub-department out of the tree takes it out of reach at once.
    await suite.http.put(`/api/departments/${below}/parent`, suite.admin, { parentId: null });
    expect((await suite.http.get('/api/leave/pending', manager)).json()).toEqual({
      applications: [],
      total: 0,
    });

    await put(top, []);
    expect(await roleOf(manager)).toBe('staff');
    expect((await suite.http.get('/api/leave/pending', manager)).statusCode).toBe(403);

    await put(top, [suite.admin.user.id]);
    expect(await roleOf(suite.admin)).toBe('admin');
    await put(top, []);
  });
});

describe("a manager's leave decisions", () => {
  let manager: Session;
  let team: number;
  let outsider: number;

  beforeAll(async () => {
    team = await department('Decisions Team');
    manager = await suite.signedIn({ department: 'Decisions Team' });
    await put(team, [manager.user.id]);
    outsider = (await makeLeaveApplication(suite.db, { start: '2026-08-03', end: '2026-08-04' })).id;
  });

  /** The applicant of an application, as a test user who can sign in. */
  const memberOf = async (id: number) => {
    const row = await suite.db
      .selectFrom('leave_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.id', 'u.email', 'u.role', 'u.first_name', 'u.last_name', 'u.department_id'])
      .where('a.id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      email: row.email,
      role: row.role as 'staff',
      firstName: row.first_name,
      lastName: row.last_name,
      departmentId: row.department_id!,
    };
  };

  const teamApplication = async (start: string) => {
    const [member] = await makeUsers(suite.db, 1, { department: 'Decisions Team' });
    return (await makeLeaveApplication(suite.db, { user: member!, start, end: start })).id;
  };

  it("lists only the team's applications, each with the balance it would leave", async () => {
    const mine = await teamApplication('2026-07-06');
    const pending = (await suite.http.get('/api/leave/pending', manager)).json();
    const listed = pending.applications.find((a: { id: number }) => a.id === mine);
    const applicant = await suite.signIn({ ...(await memberOf(mine)), password: TEST_PASSWORD });
    const balance = (await suite.http.get('/api/leave/my-balance', applicant))
      .json()
      .balances.find((b: { leave_type: string }) => b.leave_type === 'Annual Leave');
    expect(listed.balance_after).toBe(balance.remaining_days);
    expect(listed.balance_after).toBe(balance.max_days_per_year - 1);
    expect(pending.applications.map((a: { id: number }) => a.id)).toContain(mine);
    expect(pending.applications.map((a: { id: number }) => a.id)).not.toContain(outsider);
    expect(pending.total).toBe(pending.applications.length);
    const all = (await suite.http.get('/api/leave/applications', manager)).json();
    expect(all.applications.map((a: { id: number }) => a.id)).not.toContain(outsider);
    expect(all.applications.map((a: { id: number }) => a.id)).toContain(mine);
  });

  it("decides the team's, refuses someone else's with 403 and their own with not_your_approval", async () => {
    const mine = await teamApplication('2026-07-07');
    const decided = await suite.http.put(`/api/leave/applications/${mine}/status`, manager, {
      status: 'approved',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().application.status).toBe('approved');

    const refused = await suite.http.put(`/api/leave/applications/${outsider}/status`, manager, {
      status: 'approved',
    });
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(outsider)).toBe('pending');

    const own = (
      await makeLeaveApplication(suite.db, { user: manager.user, start: '2026-07-20', end: '2026-07-20' })
    ).id;
    const self = await suite.http.put(`/api/leave/applications/${own}/status`, manager, {
      status: 'approved',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('not_your_approval');
    expect(await statusOf(own)).toBe('pending');
  });

  it('refuses a batch that mixes in an application outside the team, naming it, deciding none', async () => {
    const a = await teamApplication('2026-07-08');
    const b = await teamApplication('2026-07-09');
    const mixed = await suite.http.post('/api/leave/batch-approval', manager, {
      applicationIds: [a, outsider, b],
      action: 'approved',
    });
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().error).toMatchObject({
      code: 'forbidden',
      message: `You may not decide application ${outsider}: outside your team; nothing was decided`,
      details: [{ field: 'applicationIds', rule: 'in_scope' }],
    });
    expect([await statusOf(a), await statusOf(b), await statusOf(outsider)]).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    const inTeam = await suite.http.post('/api/leave/batch-approval', manager, {
      applicationIds: [a, b],
      action: 'approved',
    });
    expect(inTeam.statusCode).toBe(200);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['approved', 'approved']);
  });

  it('records the decision with who decided, in the audit log', async () => {
    const c = await teamApplication('2026-07-10');
    await suite.http.put(`/api/leave/applications/${c}/status`, manager, { status: 'rejected' });
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id'])
      .where('action', '=', 'leave.rejected')
      .where('target_id', '=', String(c))
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(manager.user.id);
  });
});
