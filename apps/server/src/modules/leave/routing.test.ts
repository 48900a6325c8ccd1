import { beforeAll, describe, expect, it } from 'vitest';
import { makeDepartment, makeLeaveApplication, makeLeaveType, makeUsers } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';
import { OrgClock } from '../../core/clock';
import { escalateLeave } from './routing';

// Monday 15 June 2026.
const suite = useSuite({ now: '2026-06-15T09:00:00Z' });

let serial = 0;
/** A department `name` inside `parent` (or at the top), managed by `managers` in order. */
async function department(managers: Session[], parent?: number) {
  const made = await makeDepartment(suite.db, `Routing ${++serial}`);
  if (parent !== undefined)
    await suite.http.put(`/api/departments/${made.id}/parent`, suite.admin, { parentId: parent });
  await suite.http.put(`/api/departments/${made.id}/managers`, suite.admin, {
    managerIds: managers.map((m) => m.user.id),
  });
  return made;
}

const apply = async (who: Session, leaveTypeId: number, startDate: string, endDate = startDate) => {
  const res = await suite.http.post('/api/leave/apply', who, {
    leaveTypeId,
    startDate,
    endDate,
    reason: 'Family visit',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().application;
};

const decide = (who: Session, id: number, status: 'approved' | 'rejected') =>
  suite.http.put(`/api/leave/applications/${id}/status`, who, { status });

const application = async (id: number) =>
  suite.db
    .selectFrom('leave_applications')
    .select(['status', 'approval_step', 'approver_id', 'admin_step', 'manager_approved_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const audits = (action: string, id: number) =>
  suite.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'details'])
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .execute();

const queueOf = async (who: Session) => (await suite.http.get('/api/leave/pending', who)).json();

describe('routing per leave type', () => {
  let head: Session;
  let standIn: Session;
  let member: Session;
  let dept: number;

  beforeAll(async () => {
    head = await suite.signedIn();
    standIn = await suite.signedIn();
    dept = (await department([head, standIn])).id;
    member = await suite.signedIn({ department: (await departmentName(dept))! });
  });

  it("manager: waits for the department's first manager, who approves it; the application says so", async () => {
    const type = await makeLeaveType(suite.db, { approvalRoute: 'manager' });
    const applied = await apply(member, type.id, '2026-07-01');
    expect(applied).toMatchObject({
      status: 'pending',
      approval_step: 'manager',
      approver: { id: head.user.id },
      admin_step: false,
    });
    expect((await queueOf(head)).applications.map((a: { id: number }) => a.id)).toContain(applied.id);
    const res = await decide(head, applied.id, 'approved');
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'approved', approval_step: null, approver: null });
  });

  it('admin: waits for an administrator; the manager neither sees it in their queue nor decides it', async () => {
    const type = await makeLeaveType(suite.db, { approvalRoute: 'admin' });
    const applied = await apply(member, type.id, '2026-07-02');
    expect(applied).toMatchObject({ approval_step: 'admin', approver: null });
    const queue = await queueOf(head);
    expect(queue.applications.map((a: { id: number }) => a.id)).not.toContain(applied.id);
    // The Pending tab's count is the queue's: what waits for this manager.
    expect((await suite.http.get('/api/leave/stats', head)).json().stats.pending).toBe(queue.total);
    const refused = await decide(head, applied.id, 'approved');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('This application waits for an administrator now');
    expect((await application(applied.id)).status).toBe('pending');
    expect((await decide(suite.admin, applied.id, 'approved')).json().application.status).toBe('approved');
  });

  it('manager_then_admin: the manager approves the first step, an administrator the second', async () => {
    const type = await makeLeaveType(suite.db, { approvalRoute: 'manager_then_admin' });
    const applied = await apply(member, type.id, '2026-07-03');
    expect(applied).toMatchObject({
      approval_step: 'manager',
      admin_step: true,
      approver: { id: head.user.id },
    });
    const first = await decide(head, applied.id, 'approved');
    expect(first.statusCode).toBe(200);
    expect(first.json().application).toMatchObject({
      status: 'pending',
      approval_step: 'admin',
      approver: null,
      manager_approved_by: { id: head.user.id },
    });
    expect(await audits('leave.manager_approved', applied.id)).toEqual([
      expect.objectContaining({ actor_user_id: head.user.id }),
    ]);
    // The ledger still holds the days as pending until the last step.
    const again = await decide(head, applied.id, 'approved');
    expect(again.statusCode).toBe(403);
    const last = await decide(suite.admin, applied.id, 'approved');
    expect(last.json().application).toMatchObject({
      status: 'approved',
      decided_by: { id: suite.admin.user.id },
    });
  });

  it('more than N days adds the administrator step; N days or fewer does not', async () => {
    const type = await makeLeaveType(suite.db, { approvalRoute: 'manager', adminStepOverDays: 2 });
    const short = await apply(member, type.id, '2026-07-06', '2026-07-07');
    expect(short).toMatchObject({ approval_step: 'manager', admin_step: false });
    const long = await apply(member, type.id, '2026-07-08', '2026-07-10');
    expect(long).toMatchObject({ approval_step: 'manager', admin_step: true });
  });

  it('a type that needs no approval is approved at once, waiting for nobody', async () => {
    const type = await makeLeaveType(suite.db, { requiresApproval: false });
    const applied = await apply(member, type.id, '2026-07-13');
    expect(applied).toMatchObject({ status: 'approved', approval_step: null, approver: null });
  });

  it('a stand-in takes the request while the first manager is on approved leave today', async () => {
    await makeLeaveApplication(suite.db, {
      user: { id: head.user.id },
      start: '2026-06-15',
      end: '2026-06-16',
      status: 'approved',
      decidedBy: { id: suite.admin.user.id },
    });
    const type = await makeLeaveType(suite.db);
    const applied = await apply(member, type.id, '2026-07-14');
    expect(applied.approver).toMatchObject({ id: standIn.user.id });
  });

  it("a manager's own application goes to the manager above, never to themselves", async () => {
    const top = await suite.signedIn();
    const upper = await department([top]);
    const boss = await suite.signedIn();
    const lower = await department([boss], upper.id);
    await suite.http.patch(`/api/users/${boss.user.id}`, suite.admin, { departmentId: lower.id });
    const type = await makeLeaveType(suite.db);
    const applied = await apply(boss, type.id, '2026-07-15');
    expect(applied.approver).toMatchObject({ id: top.user.id });
    const own = await decide(boss, applied.id, 'approved');
    expect(own.json().error.code).toBe('not_your_approval');
  });

  it('accepts the route in the policy API and names a bad one', async () => {
    const created = await suite.http.post('/api/leave/policies', suite.admin, {
      name: 'Study Leave',
      leaveCode: 'STL',
      maxDays: 5,
      carryForward: false,
      requiresApproval: true,
      approvalRoute: 'manager',
      adminStepOverDays: 3,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().policy).toMatchObject({ approval_route: 'manager', admin_step_over_days: 3 });
    const bad = await suite.http.post('/api/leave/policies', suite.admin, {
      name: 'Odd Leave',
      leaveCode: 'ODD',
      maxDays: 5,
      carryForward: false,
      requiresApproval: true,
      approvalRoute: 'someone',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'approvalRoute' })]);
  });
});

async function departmentName(id: number) {
  const row = await suite.db.selectFrom('departments').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

describe('re-routing when who manages whom changes', () => {
  it('a move to another department sends waiting applications to its manager, audited', async () => {
    const [a, b] = [await suite.signedIn(), await suite.signedIn()];
    const from = await department([a]);
    const to = await department([b]);
    const [person] = await makeUsers(suite.db, 1, { department: from.name });
    const waiting = (
      await makeLeaveApplication(suite.db, { user: person!, start: '2026-08-03', end: '2026-08-03' })
    ).id;
    expect((await application(waiting)).approver_id).toBe(a.user.id);

    const moved = await suite.http.patch(`/api/users/${person!.id}`, suite.admin, { departmentId: to.id });
    expect(moved.statusCode).toBe(200);
    expect(await application(waiting)).toMatchObject({ approver_id: b.user.id, approval_step: 'manager' });
    expect(await audits('leave.rerouted', waiting)).toEqual([
      expect.objectContaining({
        actor_user_id: suite.admin.user.id,
        details: expect.objectContaining({ from: a.user.id, to: b.user.id }),
      }),
    ]);
    expect((await queueOf(b)).applications.map((x: { id: number }) => x.id)).toContain(waiting);
    expect((await queueOf(a)).applications.map((x: { id: number }) => x.id)).not.toContain(waiting);
  });

  it("a department's new managers take its waiting applications; with none left, administrators do", async () => {
    const [a, b] = [await suite.signedIn(), await suite.signedIn()];
    const team = await department([a]);
    const [person] = await makeUsers(suite.db, 1, { department: team.name });
    const waiting = (
      await makeLeaveApplication(suite.db, { user: person!, start: '2026-08-04', end: '2026-08-04' })
    ).id;
    await suite.http.put(`/api/departments/${team.id}/managers`, suite.admin, { managerIds: [b.user.id] });
    expect((await application(waiting)).approver_id).toBe(b.user.id);
    await suite.http.put(`/api/departments/${team.id}/managers`, suite.admin, { managerIds: [] });
    expect(await application(waiting)).toMatchObject({ approver_id: null, approval_step: 'admin' });
  });
});

describe('escalation', () => {
  it('after more than the set working days, goes to the manager above, then to administrators', async () => {
    const [top, low] = [await suite.signedIn(), await suite.signedIn()];
    const upper = await department([top]);
    const lower = await department([low], upper.id);
    const [person] = await makeUsers(suite.db, 1, { department: lower.name });
    const waiting = (
      await makeLeaveApplication(suite.db, {
        user: person!,
        start: '2026-09-01',
        end: '2026-09-01',
        at: new Date('2026-06-15T09:00:00Z'),
      })
    ).id;
    const clock = () => new OrgClock(suite.db, suite.clock.now);
    const topQueue = async () => (await queueOf(top)).applications.map((a: { id: number }) => a.id);

    // Applied Monday the 15th; three working days (16-18) are not more than three.
    suite.clock.set('2026-06-18T12:00:00Z');
    expect(await escalateLeave(suite.db, suite.bus, clock())).not.toContainEqual(
      expect.objectContaining({ id: waiting }),
    );
    expect((await application(waiting)).approver_id).toBe(low.user.id);

    // Friday the 19th is the fourth. Two processes sweep at once: it moves one level, once.
    suite.clock.set('2026-06-19T12:00:00Z');
    await Promise.all([
      escalateLeave(suite.db, suite.bus, clock()),
      escalateLeave(suite.db, suite.bus, clock()),
    ]);
    expect(await application(waiting)).toMatchObject({ approver_id: top.user.id, approval_step: 'manager' });
    expect(await audits('leave.escalated', waiting)).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        details: expect.objectContaining({ from: low.user.id, to: top.user.id }),
      }),
    ]);
    expect(await topQueue()).toContain(waiting);
    // The new approver is mailed once (the second sweep moved nothing), the old one not at all.
    const escalationMails = (to: Session) =>
      suite.db
        .selectFrom('mail_outbox')
        .select(['text_body'])
        .where('kind', '=', 'leave_escalated')
        .where('user_id', '=', to.user.id)
        .execute();
    const mailed = await escalationMails(top);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text_body).toContain('was escalated to you');
    expect(await escalationMails(low)).toEqual([]);

    // The weekend does not count: Wednesday the 24th is three more working days, Thursday four.
    suite.clock.set('2026-06-24T12:00:00Z');
    await escalateLeave(suite.db, suite.bus, clock());
    expect((await application(waiting)).approver_id).toBe(top.user.id);
    suite.clock.set('2026-06-25T12:00:00Z');
    await escalateLeave(suite.db, suite.bus, clock());
    expect(await application(waiting)).toMatchObject({ approver_id: null, approval_step: 'admin' });
    expect(await topQueue()).not.toContain(waiting);
    suite.clock.set('2026-06-15T09:00:00Z');
  });
});

describe('escalation by site', () => {
  it("counts the applicant's site's working days: a holiday there is no day of waiting", async () => {
    const manager = await suite.signedIn();
    const upper = await department([await suite.signedIn()]);
    const [here, there] = [await department([manager], upper.id), await department([manager], upper.id)];
    const { id: site } = await suite.db
      .insertInto('sites')
      .values({ name: 'Routing Site', time_zone: 'UTC' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await suite.db.updateTable('departments').set({ site_id: site }).where('id', '=', there.id).execute();
    // Wednesday the 17th is a holiday at the other site only.
    await suite.db
      .insertInto('public_holidays')
      .values({ date: '2026-06-17', name: 'Site day', site_id: site })
      .execute();
    const waiting = async (name: string) => {
      const [person] = await makeUsers(suite.db, 1, { department: name });
      return (
        await makeLeaveApplication(suite.db, {
          user: person!,
          start: '2026-09-01',
          end: '2026-09-01',
          at: new Date('2026-06-15T09:00:00Z'),
        })
      ).id;
    };
    const [a, b] = [await waiting(here.name), await waiting(there.name)];

    // Friday the 19th: four working days at the first site, three at the other.
    suite.clock.set('2026-06-19T12:00:00Z');
    await escalateLeave(suite.db, suite.bus, new OrgClock(suite.db, suite.clock.now));
    expect((await application(a)).approver_id).not.toBe(manager.user.id);
    expect((await application(b)).approver_id).toBe(manager.user.id);
    suite.clock.set('2026-06-15T09:00:00Z');
  });
});

describe("a person's own approver", () => {
  it('wins over the department, acts as a manager for them alone, and clearing it hands back', async () => {
    const head = await suite.signedIn();
    const team = await department([head]);
    const [person] = await makeUsers(suite.db, 1, { department: team.name });
    const other = (await makeLeaveApplication(suite.db, { start: '2026-08-10', end: '2026-08-10' })).id;
    const approver = await suite.signedIn();
    const waiting = (
      await makeLeaveApplication(suite.db, { user: person!, start: '2026-08-11', end: '2026-08-11' })
    ).id;
    expect((await application(waiting)).approver_id).toBe(head.user.id);

    const set = await suite.http.put(`/api/users/${person!.id}/leave-approver`, suite.admin, {
      approverId: approver.user.id,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().person.leave_approver).toMatchObject({ id: approver.user.id });
    expect((await application(waiting)).approver_id).toBe(approver.user.id);
    expect(await audits('user.leave_approver_changed', person!.id)).toHaveLength(1);

    expect((await suite.http.get('/api/auth/me', approver)).json().user.role).toBe('manager');
    expect((await queueOf(approver)).applications.map((a: { id: number }) => a.id)).toEqual([waiting]);
    expect((await decide(approver, other, 'approved')).statusCode).toBe(403);
    expect((await decide(approver, waiting, 'approved')).json().application.status).toBe('approved');

    const again = (
      await makeLeaveApplication(suite.db, { user: person!, start: '2026-08-12', end: '2026-08-12' })
    ).id;
    await suite.http.put(`/api/users/${person!.id}/leave-approver`, suite.admin, { approverId: null });
    expect((await application(again)).approver_id).toBe(head.user.id);
    expect((await suite.http.get('/api/auth/me', approver)).json().user.role).toBe('staff');
  });

  it('refuses the person themselves or a disabled person, naming approverId; staff get 403', async () => {
    const [person, gone] = await makeUsers(suite.db, 2);
    await suite.db.updateTable('users').set({ active: false }).where('id', '=', gone!.id).execute();
    const self = await suite.http.put(`/api/users/${person!.id}/leave-approver`, suite.admin, {
      approverId: person!.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.details).toEqual([
      expect.objectContaining({ field: 'approverId', rule: 'not_self' }),
    ]);
    const disabled = await suite.http.put(`/api/users/${person!.id}/leave-approver`, suite.admin, {
      approverId: gone!.id,
    });
    expect(disabled.json().error.details).toEqual([
      expect.objectContaining({ field: 'approverId', rule: 'active_person' }),
    ]);
    const staff = await suite.signedIn();
    const refused = await suite.http.put(`/api/users/${person!.id}/leave-approver`, staff, {
      approverId: null,
    });
    expect(refused.statusCode).toBe(403);
  });
});
