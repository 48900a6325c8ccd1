import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccessPoint, makeCamera, makeDepartment, makeDevice, makeUser } from '../../../test/factories';
import { type Session, useSuite } from '../../../test/suite';

// Friday 27 November 2026, 13:05 UTC: 21:05 in Singapore, 08:05 in New York.
const suite = useSuite({ now: '2026-11-27T13:05:00Z', timeZone: 'Europe/London' });
let staff: Session;

beforeAll(async () => {
  staff = await suite.signedIn();
});

const list = (as: Session = suite.admin) => suite.http.get('/api/sites', as);
const create = (body: object, as: Session = suite.admin) => suite.http.post('/api/sites', as, body);
const patch = (id: number, body: object, as: Session = suite.admin) =>
  suite.http.patch(`/api/sites/${id}`, as, body);
const remove = (id: number, as: Session = suite.admin) => suite.http.del(`/api/sites/${id}`, as);
const auditsOf = (action: string) =>
  suite.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const warehouse = {
  name: 'Singapore Warehouse',
  timeZone: 'Asia/Singapore',
  address: '1 Tuas Avenue, Singapore',
  latitude: 1.32,
  longitude: 103.64,
  geofenceM: 250,
  workWeek: [6, 1, 2, 3, 4, 5],
};

describe('sites', () => {
  it('lists the first site as the organisation’s own, with its today and offset', async () => {
    const res = await list(staff);
    expect(res.statusCode).toBe(200);
    const [first] = res.json().sites;
    expect(first).toMatchObject({
      name: 'Head Office',
      time_zone: 'Europe/London',
      is_first: true,
      today: '2026-11-27',
      utc_offset: '+00:00',
      work_week: [1, 2, 3, 4, 5],
    });
    expect(first.counts.people).toBeGreaterThanOrEqual(2);
    expect(first.counts.departments).toBeGreaterThanOrEqual(1);
  });

  it('adds a site with its own today and offset, audited', async () => {
    const res = await create(warehouse);
    expect(res.statusCode).toBe(201);
    const site = res.json().site;
    expect(site).toMatchObject({
      name: 'Singapore Warehouse',
      time_zone: 'Asia/Singapore',
      address: '1 Tuas Avenue, Singapore',
      latitude: 1.32,
      longitude: 103.64,
      geofence_m: 250,
      work_week: [1, 2, 3, 4, 5, 6],
      is_first: false,
      counts: { departments: 0, people: 0, devices: 0, cameras: 0 },
      today: '2026-11-27',
      utc_offset: '+08:00',
    });
    const [audit] = await auditsOf('site.created');
    expect(audit).toMatchObject({ actor_user_id: suite.admin.user.id, target_type: 'site' });
    expect(audit!.target_id).toBe(String(site.id));
    expect(audit!.details).toMatchObject({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' });

    const nyc = await create({ name: 'New York Showroom', timeZone: 'America/New_York', workWeek: [1] });
    expect(nyc.json().site).toMatchObject({ today: '2026-11-27', utc_offset: '-05:00', address: null });
    suite.clock.set('2026-11-27T16:30:00Z');
    const sites = (await list()).json().sites;
    expect(sites.find((s: { name: string }) => s.name === 'Singapore Warehouse').today).toBe('2026-11-28');
    expect(sites.find((s: { name: string }) => s.name === 'New York Showroom').today).toBe('2026-11-27');
    suite.clock.set('2026-11-27T13:05:00Z');
  });

  it('refuses a name already taken, whatever its case, naming name', async () => {
    const res = await create({ ...warehouse, name: 'singapore WAREHOUSE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'name', rule: 'unique' })]);
    const other = (await create({ name: 'Renamed Later', timeZone: 'UTC', workWeek: [1] })).json().site;
    const rename = await patch(other.id, { name: 'HEAD OFFICE' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.details).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await remove(other.id)).statusCode).toBe(200);
  });

  it.each([
    [{ ...warehouse, name: '' }, 'name', 'is required'],
    [{ ...warehouse, name: 'x'.repeat(81) }, 'name', 'at most 80'],
    [{ ...warehouse, timeZone: 'Mars/Olympus' }, 'timeZone', 'IANA'],
    [{ ...warehouse, latitude: 91 }, 'latitude', 'from -90 to 90'],
    [{ ...warehouse, longitude: -181 }, 'longitude', 'from -180 to 180'],
    [{ ...warehouse, longitude: undefined }, 'longitude', 'both or neither'],
    [{ ...warehouse, geofenceM: 5 }, 'geofenceM', 'from 10 to 100000'],
    [{ ...warehouse, geofenceM: 100_001 }, 'geofenceM', 'from 10 to 100000'],
    [{ ...warehouse, workWeek: [] }, 'workWeek', 'at least one day'],
    [{ ...warehouse, workWeek: [1, 1] }, 'workWeek', 'must not repeat'],
    [{ ...warehouse, workWeek: [8] }, 'workWeek.0', 'weekday from 1'],
  ])('refuses bad input with a 400 naming the field (%#)', async (body, field, words) => {
    const res = await create({ ...body, name: body.name === warehouse.name ? `Other ${field}` : body.name });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field, message: expect.stringContaining(words) }),
    ]);
  });

  it('changes only what is sent, audits old and new, and clears coordinates together', async () => {
    const site = (await list()).json().sites.find((s: { name: string }) => s.name === 'Singapore Warehouse');
    const res = await patch(site.id, { address: 'Jurong', geofenceM: 500, workWeek: [1, 2, 3, 4, 5] });
    expect(res.statusCode).toBe(200);
    expect(res.json().site).toMatchObject({
      name: 'Singapore Warehouse',
      address: 'Jurong',
      geofence_m: 500,
      latitude: 1.32,
      work_week: [1, 2, 3, 4, 5],
    });
    const [audit] = await auditsOf('site.changed');
    expect(audit!.details).toEqual({
      name: 'Singapore Warehouse',
      organisationsOwn: false,
      changes: {
        address: { old: '1 Tuas Avenue, Singapore', new: 'Jurong' },
        geofence_m: { old: 250, new: 500 },
        work_week: { old: [1, 2, 3, 4, 5, 6], new: [1, 2, 3, 4, 5] },
      },
    });
    for (const half of [{ latitude: null }, { latitude: 2 }, { latitude: 2, longitude: null }]) {
      const res = await patch(site.id, half);
      expect(res.statusCode, JSON.stringify(half)).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'longitude' })]);
    }
    const cleared = await patch(site.id, { latitude: null, longitude: null, address: '' });
    expect(cleared.json().site).toMatchObject({ latitude: null, longitude: null, address: null });
    // Nothing that differs: nothing written, nothing audited.
    await patch(site.id, { name: 'Singapore Warehouse' });
    expect(await auditsOf('site.changed')).toHaveLength(2);
    expect((await patch(999_999, { name: 'Nowhere' })).statusCode).toBe(404);
  });

  it('lets staff list sites but not add, change or remove them', async () => {
    expect((await list(staff)).statusCode).toBe(200);
    const first = (await list()).json().sites[0];
    expect((await create({ ...warehouse, name: 'Staff Site' }, staff)).statusCode).toBe(403);
    expect((await patch(first.id, { name: 'Staff Rename' }, staff)).statusCode).toBe(403);
    expect((await remove(first.id, staff)).statusCode).toBe(403);
    expect((await list()).json().sites.map((s: { name: string }) => s.name)).not.toContain('Staff Site');
  });

  it('counts departments, people by their effective site, devices and cameras', async () => {
    const site = (await create({ name: 'Counted Site', timeZone: 'Asia/Tokyo', workWeek: [1] })).json().site;
    const department = await makeDepartment(suite.db, 'Counted Department');
    await suite.db
      .updateTable('departments')
      .set({ site_id: site.id })
      .where('id', '=', department.id)
      .execute();
    // Two by their department, one by their own site; one of the department sits elsewhere.
    await makeUser(suite.db, { department: 'Counted Department' });
    await makeUser(suite.db, { department: 'Counted Department' });
    const elsewhere = await makeUser(suite.db, { department: 'Counted Department' });
    const own = await makeUser(suite.db);
    const first = (await list()).json().sites[0];
    await suite.db.updateTable('users').set({ site_id: first.id }).where('id', '=', elsewhere.id).execute();
    await suite.db.updateTable('users').set({ site_id: site.id }).where('id', '=', own.id).execute();
    const device = await makeDevice(suite.db);
    await suite.db.updateTable('devices').set({ site_id: site.id }).where('id', '=', device.id).execute();
    const camera = await makeCamera(suite.db, { name: 'Counted Camera' });
    await suite.db.updateTable('cameras').set({ site_id: site.id }).where('id', '=', camera.id).execute();
    // Written behind the app's back: an event (or a change request answered here) marks the cached list stale.
    await suite.bus.publish({ kind: 'settings_changed', keys: ['departments'] });
    await expect
      .poll(async () => (await list()).json().sites.find((s: { id: number }) => s.id === site.id).counts)
      .toEqual({ departments: 1, people: 3, devices: 1, cameras: 1 });
  });

  it('removes a site nothing belongs to, audited; refuses one that still holds things, naming them', async () => {
    const site = (await list()).json().sites.find((s: { name: string }) => s.name === 'Counted Site');
    const door = await makeAccessPoint(suite.db);
    await suite.db.updateTable('access_points').set({ site_id: site.id }).where('id', '=', door.id).execute();
    const refused = await remove(site.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Counted Site still has 1 department, 1 person of its own, 1 device, 1 access point and 1 camera. Move them to another site before removing it.',
    );
    const first = (await list()).json().sites[0];
    for (const table of ['departments', 'users', 'devices', 'access_points', 'cameras'] as const)
      await suite.db.updateTable(table).set({ site_id: first.id }).where('site_id', '=', site.id).execute();
    expect((await remove(site.id)).statusCode).toBe(200);
    expect((await list()).json().sites.map((s: { id: number }) => s.id)).not.toContain(site.id);
    const audit = (await auditsOf('site.removed')).at(-1);
    expect(audit).toMatchObject({ actor_user_id: suite.admin.user.id, target_id: String(site.id) });
    expect(audit!.details).toEqual({ name: 'Counted Site', timeZone: 'Asia/Tokyo' });
    expect((await remove(site.id)).statusCode).toBe(404);
  });

  it('never removes the organisation’s own site', async () => {
    const first = (await list()).json().sites[0];
    const res = await remove(first.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(
      /^Head Office is the organisation's own site and cannot be removed/,
    );
  });
});
