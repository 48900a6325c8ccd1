import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTestApp, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';

/**
 * Who is in the building: one figure on Access Control, the attendance overview and the
 * dashboard, from badges and web check-ins alike (the latest sign of coming in against the
 * latest sign of going out, today).
 */
let database: TestDatabase;
let t: AccessTestApp;
let admin: LoggedIn;
const people: Record<'webIn' | 'badgeIn' | 'webInBadgeOut' | 'badgeInWebOut', LoggedIn> = {} as never;

useAccessSuite('B', (s) => {
  ({ database, t } = s);
});
beforeAll(async () => {
  admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  for (const who of ['webIn', 'badgeIn', 'webInBadgeOut', 'badgeInWebOut'] as const)
    people[who] = await login(t.app, await makeUser(database.db, { lastName: who }));
});

const call = async (session: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: session.auth, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};
// The server room's reader is no attendance door: a passage there moves presence only.
const door = (session: LoggedIn, action: 'entry' | 'exit') =>
  call(session, 'POST', '/access/simulate', {
    action,
    access_point: 'Server Room Door B',
    device_id: 'HK-777',
  });

/** The three screens' figures. */
async function figures() {
  const access = (await call(admin, 'GET', '/access/stats')).stats.in_building;
  const attendance = (await call(admin, 'GET', '/attendance/overview')).overview.stillInBuilding;
  const dashboard = (await call(admin, 'GET', '/dashboard/stats')).stats.today.stillInBuilding;
  return { access, attendance, dashboard };
}

describe('people in the building', () => {
  it('counts badges and web check-ins, whichever came last, the same on every screen', async () => {
    expect(await figures()).toEqual({ access: 0, attendance: 0, dashboard: 0 });

    await call(people.webIn, 'POST', '/attendance/check-in');
    await door(people.badgeIn, 'entry');
    await call(people.webInBadgeOut, 'POST', '/attendance/check-in');
    await door(people.badgeInWebOut, 'entry');
    expect(await figures()).toEqual({ access: 4, attendance: 4, dashboard: 4 });

    // Later signs of leaving: a door's exit after a web check-in, a web check-out after a badge.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await door(people.webInBadgeOut, 'exit');
    await call(people.badgeInWebOut, 'POST', '/attendance/check-in');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(people.badgeInWebOut, 'POST', '/attendance/check-out');
    expect(await figures()).toEqual({ access: 2, attendance: 2, dashboard: 2 });

    // Coming back through the door puts them in again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await door(people.badgeInWebOut, 'entry');
    expect(await figures()).toEqual({ access: 3, attendance: 3, dashboard: 3 });
  });
});
