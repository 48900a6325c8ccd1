import { beforeAll, describe, expect, it } from 'vitest';
import { makeDepartment, makeLeaveApplication, makeUsers } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Monday 15 June 2026.
const suite = useSuite({ now: '2026-06-15T10:00:00Z' });
let manager: Session;
let delegate: Session;
let application: number;

const roleOf = async (who: Session) => (await suite.http.get('/api/auth/me', who)).json().user.role;
const delegateTo = (body: object, who: Session = manager) => suite.http.put('/api/me/delegation', who, body);
const audits = (action: string) =>
  suite.db
    .selectFrom('audit_log')
    .select(['actor_user_id', 'details'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  const team = await makeDepartment(suite.db, 'Delegating Team');
  manager = await suite.signedIn({ department: 'Delegating Team', firstName: 'Maud', lastName: 'Manager' });
  delegate = await suite.signedIn({ department: 'Elsewhere Team', firstName: 'Dev', lastName: 'Delegate' });
  await suite.http.put(`/api/departments/${team.id}/managers`, suite.admin, {
    managerIds: [manager.user.id],
  });
  const [member] = await makeUsers(suite.db, 1, { department: 'Delegating Team' });
  application = (
    await makeLeaveApplication(suite.db, { user: member!, start: '2026-07-01', end: '2026-07-01' })
  ).id;
});

describe('GET /api/people/directory', () => {
  it('lets a manager find whom to delegate to by name, with names and departments only', async () => {
    const res = await suite.http.get('/api/people/directory?search=dev%20del', manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().people).toEqual([
      { id: delegate.user.id, first_name: 'Dev', last_name: 'Delegate', department_name: 'Elsewhere Team' },
    ]);
    expect((await suite.http.get('/api/people/directory', delegate)).statusCode).toBe(403);
  });

  it('searches names only: an email or a badge number finds nobody', async () => {
    const badge = (await suite.http.get(`/api/users/${delegate.user.id}`, suite.admin)).json().person
      .badge_number;
    expect(badge).toMatch(/^TB-/);
    for (const search of [delegate.user.email, badge]) {
      const res = await suite.http.get(`/api/people/directory?search=${encodeURIComponent(search)}`, manager);
      expect(res.json().people, search).toEqual([]);
    }
  });
});

describe('PUT /api/me/delegation', () => {
  it('refuses yourself, a past start, an end before the start, or someone unknown, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ delegateId: manager.user.id, from: '2026-06-16', to: '2026-06-17' }, 'delegateId', 'not_self'],
      [{ delegateId: delegate.user.id, from: '2026-06-14', to: '2026-06-17' }, 'from', 'not_past'],
      [{ delegateId: delegate.user.id, from: '2026-06-18', to: '2026-06-17' }, 'to', 'custom'],
      [{ delegateId: 424242, from: '2026-06-16', to: '2026-06-17' }, 'delegateId', 'active_person'],
      [{ delegateId: delegate.user.id, from: '2026-06-16', to: '2027-06-17' }, 'to', 'max_period'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await delegateTo(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field, rule });
    }
    expect((await suite.http.get('/api/me/delegation', manager)).json()).toEqual({ delegation: null });
  });

  it('answers 403 to someone who manages no department, and to staff', async () => {
    expect(
      (await delegateTo({ delegateId: manager.user.id, from: '2026-06-16', to: '2026-06-17' }, delegate))
        .statusCode,
    ).toBe(403);
    expect((await suite.http.del('/api/me/delegation', delegate)).statusCode).toBe(403);
  });

  it("lets the delegate decide the manager's team in the window only, on the manager's behalf", async () => {
    const set = await delegateTo({ delegateId: delegate.user.id, from: '2026-06-16', to: '2026-06-19' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      delegation: {
        delegate: { id: delegate.user.id, name: 'Dev Delegate' },
        from: '2026-06-16',
        to: '2026-06-19',
      },
    });
    expect((await audits('delegation.set')).at(-1)).toEqual({
      actor_user_id: manager.user.id,
      details: {
        delegateId: delegate.user.id,
        from: '2026-06-16',
        to: '2026-06-19',
        previousDelegateId: null,
      },
    });
    // Before the window: still staff.
    expect(await roleOf(delegate)).toBe('staff');
    expect((await suite.http.get('/api/leave/pending', delegate)).statusCode).toBe(403);

    suite.clock.set('2026-06-16T09:00:00Z');
    try {
      expect(await roleOf(delegate)).toBe('manager');
      const pending = (await suite.http.get('/api/leave/pending', delegate)).json();
      expect(pending.applications.map((a: { id: number }) => a.id)).toEqual([application]);
      const decided = await suite.http.put(`/api/leave/applications/${application}/status`, delegate, {
        status: 'approved',
      });
      expect(decided.statusCode).toBe(200);
      expect(decided.json().application).toMatchObject({
        status: 'approved',
        decided_by: { id: delegate.user.id, name: 'Dev Delegate' },
        on_behalf_of: { id: manager.user.id, name: 'Maud Manager' },
      });
      const audit = await suite.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'details'])
        .where('action', '=', 'leave.approved')
        .where('target_id', '=', String(application))
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_user_id: delegate.user.id,
        details: { on_behalf_of: manager.user.id },
      });

      // After the window: staff again, and the team's leave is out of reach.
      suite.clock.set('2026-06-20T09:00:00Z');
      expect(await roleOf(delegate)).toBe('staff');
      expect((await suite.http.get('/api/leave/pending', delegate)).statusCode).toBe(403);
    } finally {
      suite.clock.set('2026-06-15T10:00:00Z');
    }
  });

  it('ends a delegation at once, audited', async () => {
    await delegateTo({ delegateId: delegate.user.id, from: '2026-06-15', to: '2026-06-19' });
    expect(await roleOf(delegate)).toBe('manager');
    expect((await suite.http.del('/api/me/delegation', manager)).statusCode).toBe(200);
    expect(await roleOf(delegate)).toBe('staff');
    expect((await suite.http.get('/api/me/delegation', manager)).json()).toEqual({ delegation: null });
    expect((await audits('delegation.ended')).at(-1)).toMatchObject({
      actor_user_id: manager.user.id,
      details: { delegateId: delegate.user.id, from: '2026-06-15', to: '2026-06-19' },
    });
  });
});
