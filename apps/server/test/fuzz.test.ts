import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './context';
import { createUser, type LoggedIn, login, type TestUser } from './fixtures';
import {
  buildRequest,
  type FuzzRequest,
  hostileArbitrary,
  hostileBodies,
  hostileJson,
  hostileText,
  type Slot,
  slotField,
  slotGroups,
  slotName,
  slotsOf,
  unstorableText,
} from './hostile-input';
import { type RouteInfo, routeTable } from './route-table';

/**
 * Every route the app serves gets hostile values in every input: wrong types, ids beyond int32,
 * far years, NUL, control characters and unpaired surrogates, huge strings, deep JSON. Whatever it gets, the answer is
 * never a 5xx, and a 400 names the field and the rule. A new route is covered without anyone
 * adding it here: the table comes from the contract and the app's own route list.
 */

let database: TestDatabase;
let test: TestApp;
let routes: RouteInfo[];
let admin: TestUser;
let staff: TestUser;
const sessions: { admin?: LoggedIn; staff?: LoggedIn } = {};
let loginIp = 0;
let sent = 0;
let failed = 0;
let serverErrors = 0;
const problems = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  // Valid requests name id 1 wherever an id goes: the staff caller is user 1, and owns
  // attendance record 1 and leave application 1, so hostile values reach the code behind them.
  staff = await createUser(database.db, 'staff');
  admin = await createUser(database.db, 'admin');
  test = await startTestApp(database);
  routes = routeTable(test.app);
  const own = await session('staff');
  const checkIn = await test.app.inject({
    method: 'POST',
    url: '/api/attendance/check-in',
    headers: own.auth,
  });
  const apply = await test.app.inject({
    method: 'POST',
    url: '/api/leave/apply',
    headers: own.auth,
    payload: { leaveTypeId: 1, startDate: '2027-03-01', endDate: '2027-03-02', reason: 'fuzz' },
  });
  expect([checkIn.statusCode, apply.statusCode, staff.id]).toEqual([200, 201, 1]);
});

afterAll(async () => {
  await test?.close();
  await database?.drop();
});

/** A live session for `who`: logout or a hostile request may have ended the previous one. */
async function session(who: 'admin' | 'staff'): Promise<LoggedIn> {
  const current = sessions[who];
  if (current) {
    const me = await test.app.inject({ url: '/api/auth/me', headers: current.auth });
    if (me.statusCode === 200) return current;
  }
  loginIp += 1;
  sessions[who] = await login(
    test.app,
    who === 'admin' ? admin : staff,
    `10.77.${loginIp >> 8}.${loginIp & 255}`,
  );
  return sessions[who]!;
}

/** What is wrong with an answer, if anything. */
function problemWith(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode === 400) {
    let body: {
      error?: { code?: unknown; details?: { field?: unknown; rule?: unknown }[] | { fields?: object } };
    };
    try {
      body = res.json();
    } catch {
      return `400 without a JSON body: ${res.body.slice(0, 100)}`;
    }
    const details = body.error?.details;
    // The contract's shape is a list of {field, rule, message}; some services answer
    // {fields: {name: message}}, which names the field too.
    const named = Array.isArray(details)
      ? details.length > 0 &&
        details.every((d) => typeof d.field === 'string' && d.field !== '' && typeof d.rule === 'string')
      : Object.keys((details as { fields?: object } | undefined)?.fields ?? {}).length > 0;
    if (!named) return `400 that names no field: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

async function send(
  request: FuzzRequest,
  token: LoggedIn | undefined,
  label: string,
): Promise<LightMyRequestResponse> {
  sent += 1;
  const res = await test.app.inject({
    method: request.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: {
      ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token?.auth ?? {}),
    },
    remoteAddress: `10.99.${(sent >> 8) & 255}.${sent & 255}`,
  });
  const problem = problemWith(res);
  if (problem) failed += 1;
  if (res.statusCode >= 500) serverErrors += 1;
  if (problem && !problems.has(label))
    problems.set(label, `${request.method} ${request.url.slice(0, 120)}: ${problem}`);
  return res;
}

/**
 * Every table's row count and newest row version: any insert, update or delete changes it. Not
 * the event log's readers, where every process marks how far it has read, whatever was asked.
 */
async function fingerprint(): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'event_log_readers' ORDER BY tablename`.execute(database.db);
  const counts = tables.rows.map(
    ({ name }) =>
      sql`SELECT ${name} || ' ' || count(*) || ' ' || coalesce(max(xmin::text::bigint), 0) AS t FROM ${sql.table(name)}`,
  );
  const result = await sql<{ t: string }>`${sql.join(counts, sql` UNION ALL `)}`.execute(database.db);
  return result.rows.map((r) => r.t).join(', ');
}

/**
 * What an unstorable value in `slot` must get: a 400 naming the slot's field and the rule, as
 * the text reached the server. A surrogate cannot travel in a URL: as a path parameter its bytes
 * are not UTF-8 (a 400 about the URL); in a query string they stay percent-encoded text, which
 * is storable, so any answer but a 5xx will do.
 */
function unstorableProblem(res: LightMyRequestResponse, slot: Slot, surrogate: boolean): string | undefined {
  if (surrogate && slot.in === 'query') return undefined;
  if (res.statusCode !== 400) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (surrogate && slot.in === 'path') return undefined;
  const issue = (res.json() as { error?: { details?: { field?: string; rule?: string }[] } }).error
    ?.details?.[0];
  const rule = surrogate ? 'unpaired_surrogates' : 'control_characters';
  if (issue?.field !== slotField(slot) || issue.rule !== rule)
    return `400 naming ${issue?.field} (${issue?.rule}), not ${slotField(slot)} (${rule})`;
  return undefined;
}

const callerFor = (route: RouteInfo) => (route.audience === 'user' ? 'staff' : 'admin');

function report(name: string) {
  console.info(
    `fuzz ${name}: ${sent} requests, ${serverErrors} answered 5xx, ${failed} bad answers, ${problems.size} distinct problems`,
  );
  for (const [label, problem] of problems) console.info(`  ${label} -> ${problem}`);
}

describe('fuzz: hostile input never causes a 5xx', () => {
  it('finds the routes (contract and route table)', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/leave/apply', 'PATCH /api/attendance/:id', 'GET /api/attendance']),
    );
  });

  it('every slot of every route, with every fixed hostile value', async () => {
    sent = 0;
    failed = 0;
    serverErrors = 0;
    problems.clear();
    const slowest: [string, number][] = [];
    for (const route of routes) {
      const routeStarted = performance.now();
      const caller = await session(callerFor(route));
      for (const slot of slotsOf(route)) {
        const values = slot.in === 'body' ? hostileJson : hostileText;
        for (const { label, value } of values) {
          await send(
            buildRequest(route, [{ slot, value }]),
            caller,
            `${route.method} ${route.path} ${slotName(slot)} ${label}`,
          );
        }
      }
      for (const group of slotGroups(route)) {
        const values = group[0]!.in === 'body' ? hostileJson : hostileText;
        for (const { label, value } of values) {
          const hostile = group.map((slot) => ({ slot, value }));
          await send(
            buildRequest(route, hostile),
            caller,
            `${route.method} ${route.path} ${group.map(slotName).join('+')} ${label}`,
          );
        }
      }
      if (route.body || route.method !== 'GET') {
        for (const { label, payload } of hostileBodies) {
          await send(
            { ...buildRequest(route), payload },
            caller,
            `${route.method} ${route.path} body ${label}`,
          );
        }
      }
      slowest.push([`${route.method} ${route.path}`, performance.now() - routeStarted]);
    }
    slowest.sort((a, b) => b[1] - a[1]);
    console.info(
      `slowest routes: ${slowest
        .slice(0, 5)
        .map(([r, ms]) => `${r} ${Math.round(ms)} ms`)
        .join(', ')}`,
    );
    report('sweep');
    expect([...problems.entries()]).toEqual([]);
  }, 600_000);

  it('text the database cannot store, in every slot of every route: a 400 naming it, nothing written', async () => {
    sent = 0;
    failed = 0;
    serverErrors = 0;
    problems.clear();
    for (const route of routes) {
      const caller = await session(callerFor(route));
      const before = await fingerprint();
      for (const slot of slotsOf(route)) {
        for (const { label, value, surrogate } of unstorableText) {
          const name = `${route.method} ${route.path} ${slotName(slot)} ${label}`;
          const res = await send(buildRequest(route, [{ slot, value }]), caller, name);
          const problem = unstorableProblem(res, slot, surrogate);
          if (problem && !problems.has(name)) {
            failed += 1;
            problems.set(name, problem);
          }
        }
      }
      if ((await fingerprint()) !== before)
        problems.set(`${route.method} ${route.path}`, 'wrote to the database');
    }
    report('unstorable text');
    expect(sent).toBeGreaterThan(400);
    expect([...problems.entries()]).toEqual([]);
  }, 600_000);

  it('random combinations of hostile values (fast-check)', async () => {
    sent = 0;
    failed = 0;
    serverErrors = 0;
    problems.clear();
    const withSlots = routes.filter((r) => slotsOf(r).length > 0);
    const arbitrary = fc
      .constantFrom(...withSlots)
      .chain((route) =>
        fc.tuple(
          fc.constant(route),
          fc.uniqueArray(fc.constantFrom(...slotsOf(route)), { minLength: 1, maxLength: 3 }),
          fc.array(hostileArbitrary, { minLength: 3, maxLength: 3 }),
          fc.constantFrom<'admin' | 'staff'>('admin', 'staff'),
        ),
      );
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([route, slots, values, who]) => {
        const hostile = slots.map((slot: Slot, i) => ({ slot, value: values[i] }));
        await send(
          buildRequest(route, hostile),
          await session(who),
          `${route.method} ${route.path} ${hostile.map((h) => slotName(h.slot)).join('+')}`,
        );
      }),
      { numRuns: 500, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    report('random');
    expect([...problems.entries()]).toEqual([]);
  }, 600_000);

  it('forged and malformed tokens answer 401, never 5xx', async () => {
    sent = 0;
    failed = 0;
    serverErrors = 0;
    problems.clear();
    const secret = await database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'jwt_signing_key')
      .executeTakeFirstOrThrow();
    const key = Buffer.from(secret.value, 'hex');
    const forge = (claims: Record<string, unknown>, sub: string, exp = true) => {
      let jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer('atrium')
        .setIssuedAt();
      if (exp) jwt = jwt.setExpirationTime('5m');
      return jwt.sign(key);
    };
    const live = await session('staff');
    const liveSid = JSON.parse(Buffer.from(live.token.split('.')[1]!, 'base64url').toString()).sid as string;
    const tokens: Record<string, string> = {
      'sid not a UUID': await forge({ sid: 'not-a-uuid' }, String(staff.id)),
      'sid with NUL': await forge({ sid: 'a\u0000b' }, String(staff.id)),
      'sid a number': await forge({ sid: 5 }, String(staff.id)),
      'sub beyond int32': await forge({ sid: liveSid }, '2147483648'),
      'sub negative': await forge({ sid: liveSid }, '-1'),
      'sub huge': await forge({ sid: liveSid }, '1e400'),
      'no exp': await forge({ sid: liveSid }, String(staff.id), false),
      garbage: 'a.b.c',
      'alg none': `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"${staff.id}","sid":"${liveSid}"}`).toString('base64url')}.`,
    };
    const me = routes.find((r) => r.path === '/api/auth/me')!;
    for (const [label, token] of Object.entries(tokens)) {
      const res = await test.app.inject({ url: me.path, headers: { authorization: `Bearer ${token}` } });
      sent += 1;
      if (res.statusCode >= 500) serverErrors += 1;
      if (res.statusCode !== 401) failed += 1;
      if (res.statusCode !== 401) problems.set(label, `${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    report('tokens');
    expect([...problems.entries()]).toEqual([]);
  });
});
