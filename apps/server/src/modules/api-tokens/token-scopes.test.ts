import type { Action } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/hostile-input';
import { type RouteInfo, routeTable } from '../../../test/route-table';
import { useSuite } from '../../../test/suite';
import { insertToken } from './api-tokens.repository';
import { newApiToken } from './secrets';

/**
 * Tokens are default-deny: every endpoint of the contract, called with valid input by a token,
 * answers 2xx only for the endpoints of the token's scopes. A new endpoint is covered the moment
 * it is declared; one that forgets its authorize() call fails here.
 */
const suite = useSuite();
let routes: RouteInfo[];

beforeAll(() => {
  const app = suite.app;
  routes = routeTable(app).filter(
    (r) => r.audience !== 'public' && app.hasRoute({ method: r.method as 'GET', url: r.path }),
  );
});

/** A token with these scopes, written directly: the API refuses an empty list, the table does not. */
async function tokenWith(scopes: Action[]) {
  const secret = newApiToken();
  await insertToken(suite.db, {
    name: `scopes ${scopes.join(',') || 'none'}`,
    scopes,
    hash: secret.hash,
    prefix: secret.prefix,
    createdBy: suite.admin.user.id,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { authorization: `Bearer ${secret.token}` };
}

const label = (r: RouteInfo) => `${r.method} ${r.path}`;

/** Each endpoint's status for `auth`, in contract order. */
async function sweep(auth: { authorization: string }) {
  const answers: { route: string; status: number }[] = [];
  for (const route of routes) {
    const request = buildRequest(route, [], true);
    const res = await suite.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload,
      headers: { ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...auth },
    });
    answers.push({ route: label(route), status: res.statusCode });
  }
  return answers;
}

/** Not data: the API's own description, which an integrator's tools read with the token they have. */
const OPEN_TO_EVERY_TOKEN = ['GET /api/openapi.json'];

describe('API token scopes', () => {
  it('a token with no scope gets no 2xx from any endpoint of the contract but the API document', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const answers = await sweep(await tokenWith([]));
    expect(answers.filter((a) => a.status < 300).map((a) => a.route)).toEqual(OPEN_TO_EVERY_TOKEN);
    // The rest are refused: 403 by the policy, or before it by input validation (400, nothing
    // done), a 404 that hides whether a picture exists, or 401 from media endpoints that accept
    // only a session or a signed link.
    const others = answers.filter((a) => a.status !== 403 && a.status >= 300);
    for (const a of others) expect([a.route, [400, 401, 404].includes(a.status)]).toEqual([a.route, true]);
    const mediaOnly = routes.filter((r) => r.path.startsWith('/api/video/')).map(label);
    for (const a of others.filter((o) => o.status === 401)) expect(mediaOnly).toContain(a.route);
    expect(answers.filter((a) => a.status === 403).length).toBeGreaterThan(routes.length - 25);
  });

  it.each([
    ['attendance.view' as const, ['GET /api/attendance', 'GET /api/team/today']],
    [
      'leave.view' as const,
      [
        'GET /api/leave/applications',
        'GET /api/leave/calendar/:year/:month',
        'GET /api/leave/calendar/day/:date',
        'GET /api/team/calendar/:year/:month',
      ],
    ],
    [
      'access.view' as const,
      [
        'GET /api/access/stats',
        'GET /api/access/logs',
        'GET /api/access/logs/export',
        'GET /api/access/access-points',
        'GET /api/access/devices',
        'GET /api/access/alerts',
      ],
    ],
  ])('a token with only %s reaches exactly its endpoints', async (scope, expected) => {
    const answers = await sweep(await tokenWith([scope]));
    const reached = answers.filter((a) => a.status < 300).map((a) => a.route);
    expect(reached).toEqual([...OPEN_TO_EVERY_TOKEN, ...expected]);
  });
});
