import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeLeaveApplication, makeUsers, type TestUser } from './factories';
import type { LoggedIn } from './fixtures';
import { buildRequest, type Slot, slotsOf } from './hostile-input';
import { type RouteInfo, routeTable } from './route-table';
import { useSuite } from './suite';

/**
 * A manager's reach, generated from the contract like the authorization matrix: every endpoint a
 * manager may call, with each slot that names something (an id, a person, a department) filled
 * once with a team member's things and once with an outsider's. Out of scope, nothing of the
 * outsider's may come back and nothing of theirs may change; in scope, the manager's own
 * endpoints must not refuse.
 */

const suite = useSuite({ now: '2026-06-15T10:00:00Z' });
let routes: RouteInfo[];
let manager: LoggedIn;
let member: TestUser | undefined;
let outsider: TestUser | undefined;
const ids = { member: [] as number[], outsider: [] as number[] };
let outsiderThings: { application: number; record: number };

/** A slot that names something: a path id, a person, an application, a department. */
const naming = (slot: Slot) => {
  const name = slot.in === 'body' ? slot.path.at(-1)! : slot.name;
  return /^(id|userId|userIds|applicationId|applicationIds|delegateId|department|departmentId|approverId)$/.test(
    name,
  );
};

const label = (r: RouteInfo) => `${r.method} ${r.path}`;

/**
 * Where an outsider's name is the answer by design: a manager hands their approvals to anyone
 * (the people directory gives every manager everyone's name and department, nothing more).
 */
const namesAnyone = new Set(['PUT /api/me/delegation']);

async function sendWith(route: RouteInfo, slots: Slot[], value: number) {
  const filled = slots.map((slot) => {
    const name = slot.in === 'body' ? slot.path.at(-1)! : slot.name;
    return { slot, value: name.endsWith('Ids') ? [value] : value };
  });
  const request = buildRequest(route, filled, true);
  return suite.app.inject({
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: {
      ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...manager.auth,
    },
  });
}

beforeAll(async () => {
  routes = routeTable(suite.app).filter(
    (r) =>
      (r.audience === 'manager' || r.audience === 'user') &&
      suite.app.hasRoute({ method: r.method as 'GET', url: r.path }) &&
      slotsOf(r).some(naming),
  );
  const boss = await suite.signedIn({ department: 'Scope Team', manager: true, lastName: 'Bossman' });
  manager = boss;
  [member] = await makeUsers(suite.db, 1, { department: 'Scope Team', lastName: 'Inscopeson' });
  // Elsewhere has a manager of its own, so the outsider's leave waits at the manager step.
  await makeUsers(suite.db, 1, { department: 'Elsewhere', manager: true });
  [outsider] = await makeUsers(suite.db, 1, { department: 'Elsewhere', lastName: 'Outsiderly' });
  for (const [who, into] of [
    [member!, ids.member],
    [outsider!, ids.outsider],
  ] as const) {
    const application = await makeLeaveApplication(suite.db, {
      user: who,
      start: '2026-07-01',
      end: '2026-07-01',
    });
    const record = await makeAttendance(suite.db, { user: who, date: '2026-06-12', checkIn: '08:55' });
    into.push(who.id, who.departmentId, application.id, record.id);
    if (who === outsider) outsiderThings = { application: application.id, record: record.id };
  }
});

describe("a manager's reach (generated from the contract)", () => {
  it('covers the endpoints that name people or their things', () => {
    expect(routes.map(label)).toEqual(
      expect.arrayContaining([
        'PUT /api/leave/applications/:id/status',
        'POST /api/leave/batch-approval',
        'GET /api/attendance',
        'POST /api/attendance/export',
      ]),
    );
  });

  it("out of scope: none of the outsider's data comes back and nothing of theirs changes", async () => {
    const leaks: string[] = [];
    for (const route of routes) {
      const slots = slotsOf(route).filter(naming);
      for (const id of ids.outsider) {
        const res = await sendWith(route, slots, id);
        if (res.statusCode >= 500) leaks.push(`${label(route)} with ${id} -> ${res.statusCode}`);
        if (/Outsiderly/.test(res.body) && !namesAnyone.has(label(route)))
          leaks.push(`${label(route)} with ${id} shows the outsider`);
      }
    }
    expect(leaks).toEqual([]);
    const application = await suite.db
      .selectFrom('leave_applications')
      .select('status')
      .where('id', '=', outsiderThings.application)
      .executeTakeFirstOrThrow();
    expect(application.status).toBe('pending');
    const touched = await suite.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('actor_user_id', '=', (await suite.http.get('/api/auth/me', manager)).json().user.id)
      .execute();
    const theirs = (a: (typeof touched)[number]) =>
      (a.target_type === 'leave_application' && a.target_id === String(outsiderThings.application)) ||
      (a.target_type === 'attendance_record' && a.target_id === String(outsiderThings.record)) ||
      // Handing one's approvals to the outsider is allowed (namesAnyone); it changes nothing of theirs.
      (a.target_type === 'user' && a.target_id === String(outsider!.id) && a.action !== 'delegation.set');
    expect(touched.filter(theirs)).toEqual([]);
  });

  it("in scope: the manager's own endpoints do not refuse the team's things", async () => {
    const refused: string[] = [];
    for (const route of routes.filter((r) => r.audience === 'manager')) {
      const slots = slotsOf(route).filter(naming);
      const answers: number[] = [];
      for (const id of ids.member) answers.push((await sendWith(route, slots, id)).statusCode);
      if (answers.every((status) => status === 403)) refused.push(label(route));
    }
    expect(refused).toEqual([]);
  });
});
