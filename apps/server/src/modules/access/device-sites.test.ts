import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTestApp, useAccessSuite } from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { makeAccessPoint, makeCounter, makeUser } from '../../../test/factories';
import { type LoggedIn, login } from '../../../test/fixtures';

// Door controllers and people counters are in a site (issue 35); a door is where its controller is.
let database: TestDatabase;
let t: AccessTestApp;
let admin: LoggedIn;
let headOffice: number;
let warehouse: number;

useAccessSuite('S', (s) => {
  ({ database, t } = s);
});

beforeAll(async () => {
  admin = await login(t.app, await makeUser(database.db, { role: 'admin' }));
  headOffice = (await database.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
  warehouse = (
    await database.db
      .insertInto('sites')
      .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: admin.auth, payload });

const siteOfPoint = async (id: number) =>
  (
    await database.db
      .selectFrom('access_points')
      .select('site_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).site_id;

const auditOf = (action: string, id: number) =>
  database.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('a device’s site', () => {
  it('is given when added, and its door moves there with it (audited)', async () => {
    const controller = await t.fleet.add({
      deviceId: 'SITE-1',
      pushUrl: 'http://127.0.0.1:9/none',
      username: 'admin',
      password: 'Door#2026',
    });
    const door = await makeAccessPoint(database.db, { name: 'Warehouse Gate S' });
    const res = await send('POST', '/access/devices', {
      address: controller.address,
      username: 'admin',
      password: 'Door#2026',
      type: 'access_controller',
      name: 'Warehouse Gate',
      access_point_id: door.id,
      site_id: warehouse,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { device } = res.json();
    expect(device).toMatchObject({ site_id: warehouse, site: 'Singapore Warehouse' });
    expect(await siteOfPoint(door.id)).toBe(warehouse);
    expect((await auditOf('device.added', device.id)).details).toMatchObject({ site_id: warehouse });
    const listed = (await send('GET', '/access/devices')).json().devices;
    expect(listed.find((d: { id: number }) => d.id === device.id)).toMatchObject({ site_id: warehouse });
  });

  it('takes its door’s site when added without one', async () => {
    const controller = await t.fleet.add({
      deviceId: 'SITE-2',
      pushUrl: 'http://127.0.0.1:9/none',
      username: 'admin',
      password: 'Door#2026',
    });
    const door = await makeAccessPoint(database.db, { name: 'Warehouse Dock S' });
    await database.db
      .updateTable('access_points')
      .set({ site_id: warehouse })
      .where('id', '=', door.id)
      .execute();
    const res = await send('POST', '/access/devices', {
      address: controller.address,
      username: 'admin',
      password: 'Door#2026',
      type: 'access_controller',
      name: 'Dock Reader',
      access_point_id: door.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().device.site_id).toBe(warehouse);
  });

  it('changes with Configure, taking its door along, and is audited old -> new', async () => {
    const door = await makeAccessPoint(database.db, { name: 'Side Door S' });
    const { device } = (
      await send('POST', '/access/devices', {
        address: (
          await t.fleet.add({
            deviceId: 'SITE-3',
            pushUrl: 'http://127.0.0.1:9/none',
            username: 'admin',
            password: 'Door#2026',
          })
        ).address,
        username: 'admin',
        password: 'Door#2026',
        type: 'access_controller',
        name: 'Side Door',
        access_point_id: door.id,
      })
    ).json();
    expect(device.site_id).toBe(headOffice);
    const moved = await send('PATCH', `/access/devices/${device.id}`, { site_id: warehouse });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().device).toMatchObject({ site_id: warehouse, site: 'Singapore Warehouse' });
    expect(await siteOfPoint(door.id)).toBe(warehouse);
    expect((await auditOf('device.updated', device.id)).details).toEqual({
      site_id: warehouse,
      site: { old: headOffice, new: warehouse },
    });
    // A rename leaves the site alone.
    const renamed = await send('PATCH', `/access/devices/${device.id}`, { name: 'Side Door 2' });
    expect(renamed.json().device.site_id).toBe(warehouse);
  });

  it('refuses an unknown site with a 400 naming site_id, on add and on Configure', async () => {
    const add = await send('POST', '/access/devices', {
      address: 'http://127.0.0.1:9',
      username: 'admin',
      password: 'x',
      type: 'counter',
      name: 'Nowhere',
      site_id: 999_999,
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().error.details).toEqual([
      { field: 'site_id', rule: 'exists', message: 'The site must be an existing one' },
    ]);
    const counter = await makeCounter(database.db);
    const patch = await send('PATCH', `/access/devices/${counter.id}`, { site_id: 999_999 });
    expect([patch.statusCode, patch.json().error.details[0].field]).toEqual([400, 'site_id']);
  });
});

describe('a people counter’s site', () => {
  it('is listed with the counters and changes like any device’s', async () => {
    const counter = await makeCounter(database.db, { name: 'Warehouse Entrance' });
    const before = (await send('GET', '/counting/counters')).json().counters;
    expect(before.find((c: { id: number }) => c.id === counter.id)).toMatchObject({
      site_id: headOffice,
      site: 'Head Office',
    });
    expect((await send('PATCH', `/access/devices/${counter.id}`, { site_id: warehouse })).statusCode).toBe(
      200,
    );
    const after = (await send('GET', '/counting/counters')).json().counters;
    expect(after.find((c: { id: number }) => c.id === counter.id)).toMatchObject({
      site_id: warehouse,
      site: 'Singapore Warehouse',
    });
    expect((await auditOf('device.updated', counter.id)).details).toMatchObject({
      site: { old: headOffice, new: warehouse },
    });
  });
});
