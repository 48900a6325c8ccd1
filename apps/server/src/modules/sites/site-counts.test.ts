import { PEOPLE_CSV_COLUMNS } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/context';
import { makeCounter, makeDepartment, makeUser } from '../../../test/factories';
import { httpFor, useSuite } from '../../../test/suite';

/**
 * The sites list keeps its counts for up to 10 s. A department, person, device or camera that
 * comes, goes or moves site is announced with its change, so another process's list counts it
 * at once (well inside those 10 s), not when its copy runs out.
 */
const suite = useSuite({ video: true });
/** Another server process: its own app, bus and caches on the same database. */
let other: TestApp;
let warehouse: number;

beforeAll(async () => {
  other = await startTestApp(suite.database);
  warehouse = (
    await suite.db
      .insertInto('sites')
      .values({ name: 'Counted Warehouse', time_zone: 'Asia/Singapore' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await other?.close();
});

/** The warehouse's counts as the other process lists them. */
const counts = async () => {
  const sites = (await httpFor(other.app).get('/api/sites', suite.admin)).json().sites;
  return sites.find((s: { id: number }) => s.id === warehouse).counts;
};
/** Well under the list's 10 s: only an announcement gets the other process there in time. */
const soon = { timeout: 3000, interval: 100 };

describe('the sites list’s counts in another process', () => {
  it('follow a department, a person, a device and a camera moving site', async () => {
    expect(await counts()).toEqual({ departments: 0, people: 0, devices: 0, cameras: 0 });

    const team = await makeDepartment(suite.db, 'Counted Team');
    await makeUser(suite.db, { department: team.name });
    const moved = await suite.http.patch(`/api/users/departments/${team.id}`, suite.admin, {
      name: team.name,
      siteId: warehouse,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(counts, soon).toMatchObject({ departments: 1, people: 1 });

    const person = await makeUser(suite.db, { department: 'Counted Elsewhere' });
    await counts();
    await suite.http.patch(`/api/users/${person.id}`, suite.admin, { siteId: warehouse });
    await expect.poll(counts, soon).toMatchObject({ people: 2 });

    const counter = await makeCounter(suite.db);
    await counts();
    await suite.http.patch(`/api/access/devices/${counter.id}`, suite.admin, { site_id: warehouse });
    await expect.poll(counts, soon).toMatchObject({ devices: 1 });

    const camera = { name: 'Counted Dock', stream_url: 'rtsp://10.0.0.9/counted' };
    const { id } = (await suite.http.post('/api/video/cameras', suite.admin, camera)).json().camera;
    await counts();
    await suite.http.put(`/api/video/cameras/${id}`, suite.admin, { ...camera, site_id: warehouse });
    await expect.poll(counts, soon).toEqual({ departments: 1, people: 2, devices: 1, cameras: 1 });
  });

  it('follow a department, a camera and people coming and going', async () => {
    const before = await counts();
    const made = await suite.http.post('/api/users/departments', suite.admin, {
      name: 'Counted New Team',
      siteId: warehouse,
    });
    expect(made.statusCode, made.body).toBe(201);
    await expect.poll(counts, soon).toMatchObject({ departments: before.departments + 1 });
    await suite.http.del(`/api/users/departments/${made.json().department.id}`, suite.admin);
    await expect.poll(counts, soon).toMatchObject({ departments: before.departments });

    const camera = { name: 'Counted Gate', stream_url: 'rtsp://10.0.0.9/gate', site_id: warehouse };
    const { id } = (await suite.http.post('/api/video/cameras', suite.admin, camera)).json().camera;
    await expect.poll(counts, soon).toMatchObject({ cameras: before.cameras + 1 });
    await suite.http.del(`/api/video/cameras/${id}`, suite.admin);
    await expect.poll(counts, soon).toMatchObject({ cameras: before.cameras });

    const added = await suite.http.post('/api/users', suite.admin, {
      firstName: 'Counted',
      lastName: 'Added',
      email: 'counted.added@example.test',
      employeeNumber: 'COUNTED-1',
      badgeNumber: 'COUNTEDB-1',
      departmentId: null,
      role: 'staff',
      startDate: '2026-01-05',
      siteId: warehouse,
    });
    expect(added.statusCode, added.body).toBe(201);
    await expect.poll(counts, soon).toMatchObject({ people: before.people + 1 });
    const file = [
      [...PEOPLE_CSV_COLUMNS, 'site'].join(','),
      'Counted,Imported,counted.imported@example.test,COUNTED-2,COUNTEDB-2,,staff,,Counted Warehouse',
    ].join('\n');
    const imported = await suite.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...suite.admin.auth, 'content-type': 'text/csv' },
      payload: `${file}\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expect.poll(counts, soon).toMatchObject({ people: before.people + 2 });
  });
});
