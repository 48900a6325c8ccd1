import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from './fixtures';
import { buildRequest } from './hostile-input';
import { contractEndpoints, type RouteInfo, routeTable } from './route-table';
import { useSuite } from './suite';

/**
 * The authorization matrix, generated from the contract's endpoint list: every 'admin' endpoint
 * answers 403 to a staff token and to a manager's, every 'manager' endpoint 403 to staff, every
 * endpoint but the public ones 401 without a token.
 * A new endpoint is covered the moment it is declared, and a route the server registers without
 * declaring it in the contract fails here, so none escapes the matrix.
 */

const suite = useSuite();
/** Declared in the contract and served; a declared endpoint not served yet is left out. */
let routes: RouteInfo[];
let staff: LoggedIn;
/** Manages a department of their own (so their session acts as a manager). */
let manager: LoggedIn;

beforeAll(async () => {
  // Valid requests name id 1: the suite's admin, the first person made, is a real one, so a 404
  // cannot stand in for a 403.
  const app = suite.app;
  routes = routeTable(app).filter((r) => app.hasRoute({ method: r.method as 'GET', url: r.path }));
  const unserved = routeTable(app).filter((r) => !routes.some((s) => label(s) === label(r)));
  if (unserved.length > 0) console.info(`declared, not served yet: ${unserved.map(label).join(', ')}`);
  staff = await suite.signedIn();
  manager = await suite.signedIn({ department: 'Matrix Team', manager: true });
  const me = await suite.http.get('/api/auth/me', manager);
  expect(me.json().user.role).toBe('manager');
});

const label = (r: RouteInfo) => `${r.method} ${r.path}`;

async function send(route: RouteInfo, auth?: { authorization: string }) {
  const request = buildRequest(route, [], true);
  return suite.app.inject({
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: { ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...auth },
  });
}

describe('authorization matrix (from the contract)', () => {
  it('the contract declares every /api route the server serves', () => {
    expect(contractEndpoints().length).toBeGreaterThan(30);
    const undeclared = routes.filter((r) => r.audience === undefined).map(label);
    expect(undeclared).toEqual([]);
  });

  it("every 'admin' endpoint answers 403 to staff and to a manager", async () => {
    const admin = routes.filter((r) => r.audience === 'admin');
    expect(admin.length).toBeGreaterThan(10);
    for (const who of [staff, manager]) {
      const answers: string[] = [];
      for (const route of admin)
        answers.push(`${label(route)} -> ${(await send(route, who.auth)).statusCode}`);
      expect(answers).toEqual(admin.map((r) => `${label(r)} -> 403`));
    }
  });

  it("every 'manager' endpoint answers 403 to staff", async () => {
    const managers = routes.filter((r) => r.audience === 'manager');
    expect(managers.map(label)).toEqual(
      expect.arrayContaining(['GET /api/leave/pending', 'POST /api/leave/batch-approval']),
    );
    const answers: string[] = [];
    for (const route of managers)
      answers.push(`${label(route)} -> ${(await send(route, staff.auth)).statusCode}`);
    expect(answers).toEqual(managers.map((r) => `${label(r)} -> 403`));
  });

  it('every endpoint but the public ones answers 401 without a token', async () => {
    const guarded = routes.filter((r) => r.audience !== 'public');
    const answers: string[] = [];
    for (const route of guarded) answers.push(`${label(route)} -> ${(await send(route)).statusCode}`);
    expect(answers).toEqual(guarded.map((r) => `${label(r)} -> 401`));
  });

  it('public endpoints let a caller without a token through to their own answer', async () => {
    const open = routes.filter((r) => r.audience === 'public');
    expect(open.map(label)).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/health']));
    for (const route of open) {
      const res = await send(route);
      // Login and refresh may refuse the caller, but for their own reasons, not for want of a token.
      const wantsToken = res.statusCode === 401 && res.json().error.message === 'Sign in to continue';
      expect([label(route), wantsToken]).toEqual([label(route), false]);
    }
  });
});
