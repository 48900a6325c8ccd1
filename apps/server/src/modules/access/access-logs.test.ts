import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTestApp, type TestDoor, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser, type TestUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';

// The access logs as administrators read them: passages and denied attempts, and their CSV.
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let other: TestUser;
let adminSession: LoggedIn;
let otherSession: LoggedIn;
let staffSession: LoggedIn;

useAccessSuite('L', (s) => {
  ({ database, t } = s);
  ({ main } = s.doors);
});
beforeAll(async () => {
  other = await makeUser(database.db, { firstName: 'Olive', lastName: 'Other' });
  otherSession = await login(t.app, other);
  staffSession = await login(t.app, await makeUser(database.db));
  adminSession = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  // The door's controller, so that Simulate Event can make it push.
  await t.fleet.add({ deviceId: main.code, pushUrl: `${t.url}/api/devices/isapi/${main.secret}` });
});

const call = (session: LoggedIn, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: session.auth,
    payload: payload as object,
  });

describe('the access logs', () => {
  it('lists denied attempts beside passages in the access logs, filtered by result', async () => {
    const denied = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: main.code,
      eventType: 'access_denied',
      userId: other.id,
    });
    expect(denied.statusCode).toBe(200);
    const granted = await call(adminSession, 'POST', '/access/simulate-hikvision', {
      deviceId: main.code,
      eventType: 'access_control',
      userId: other.id,
    });
    expect(granted.statusCode).toBe(200);
    const ids = async (query: string) =>
      (await call(adminSession, 'GET', `/access/logs?userId=${other.id}&limit=100${query}`))
        .json()
        .logs.map((l: { id: number; result: string; action: string | null }) => [l.result, l.action]);
    const all = await ids('');
    expect(all).toContainEqual(['denied', null]);
    expect(all).toContainEqual(['granted', expect.stringMatching(/^(entry|exit)$/)]);
    expect((await ids('&result=denied')).every(([result]: [string]) => result === 'denied')).toBe(true);
    expect(await ids('&result=denied')).toHaveLength(all.filter(([r]: [string]) => r === 'denied').length);
    expect((await ids('&result=granted')).every(([result]: [string]) => result === 'granted')).toBe(true);
    // An entry or exit filter is about passages: no denied attempt has a direction.
    expect((await ids('&action=entry')).some(([result]: [string]) => result === 'denied')).toBe(false);
    // Staff see only their own passages, never the denied attempts of the logs screen.
    const mine = (await call(otherSession, 'GET', '/access/my-logs?limit=100')).json().logs;
    expect(mine.every((l: { result: string }) => l.result === 'granted')).toBe(true);
  });

  it('exports the access logs as CSV, filtered like the screen, every row of every page', async () => {
    const listed: { result: string; action: string | null; access_point: string; card_no: string | null }[] =
      [];
    for (let cursor = ''; ; ) {
      const res = (
        await call(adminSession, 'GET', `/access/logs?userId=${other.id}&limit=1${cursor}`)
      ).json();
      listed.push(...res.logs);
      if (!res.next_cursor) break;
      cursor = `&cursor=${res.next_cursor}`;
    }
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const res = await call(adminSession, 'GET', `/access/logs/export?userId=${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="access-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Result, r.Action, r['Access Point'], r['Card Number'] || null])).toEqual(
      listed.map((l) => [
        l.result === 'denied' ? 'Denied' : 'Granted',
        l.action === null ? '' : l.action === 'entry' ? 'Entry' : 'Exit',
        l.access_point,
        l.card_no,
      ]),
    );
    expect(rows[0]!.Time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const denied = parse(
      (await call(adminSession, 'GET', `/access/logs/export?userId=${other.id}&result=denied`)).body,
      { columns: true, bom: true },
    ) as Record<string, string>[];
    expect(denied.length).toBe(listed.filter((l) => l.result === 'denied').length);
    expect(denied.every((r) => r.Result === 'Denied')).toBe(true);
    expect((await call(staffSession, 'GET', '/access/logs/export')).statusCode).toBe(403);
  });
});
