import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { migrate } from '../db/migrate';
import { seedDemo } from './index';
import { seedDemoCameras } from './video';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('demo seed', () => {
  it('seeds 52 people in five departments once, however often it runs', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toBe(false);
    const counts = await database.db
      .selectFrom('users as u')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['d.name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('d.name')
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.name, Number(c.n)]))).toEqual({
      Warehouse: 20,
      'Head Office': 16,
      Showrooms: 9,
      Facilities: 4,
      Security: 3,
    });
    const tree = await database.db
      .selectFrom('departments as d')
      .leftJoin('departments as p', 'p.id', 'd.parent_id')
      .select(['d.name', 'p.name as parent'])
      .where('d.parent_id', 'is not', null)
      .execute();
    expect(tree).toEqual([{ name: 'Security', parent: 'Facilities' }]);
  });

  it('gives only the three demo accounts a password, with the right roles', async () => {
    const withPassword = await database.db
      .selectFrom('users as u')
      .innerJoin('departments as d', 'd.id', 'u.department_id')
      .select(['u.email', 'u.role', 'd.name'])
      .where('u.password_hash', 'is not', null)
      .orderBy('u.email')
      .execute();
    expect(withPassword).toEqual([
      { email: 'admin@atrium.local', role: 'admin', name: 'Head Office' },
      { email: 'manager@atrium.local', role: 'staff', name: 'Warehouse' },
      { email: 'user@atrium.local', role: 'staff', name: 'Warehouse' },
    ]);
    // Every department has a manager; Warehouse's is the demo manager, never the demo user.
    const managers = await database.db
      .selectFrom('department_managers as dm')
      .innerJoin('departments as d', 'd.id', 'dm.department_id')
      .innerJoin('users as u', 'u.id', 'dm.user_id')
      .select(['d.name', 'u.email'])
      .orderBy('d.name')
      .execute();
    expect(managers.map((m) => m.name)).toEqual([
      'Facilities',
      'Head Office',
      'Security',
      'Showrooms',
      'Warehouse',
    ]);
    expect(managers.find((m) => m.name === 'Warehouse')?.email).toBe('manager@atrium.local');
    expect(managers.map((m) => m.email)).not.toContain('user@atrium.local');
    const unique = await database.db
      .selectFrom('users')
      .select([
        (eb) => eb.fn.count<number>('email').distinct().as('emails'),
        (eb) => eb.fn.count<number>('badge_number').distinct().as('badges'),
        (eb) => eb.fn.count<number>('employee_number').distinct().as('numbers'),
      ])
      .executeTakeFirstOrThrow();
    expect(unique).toEqual({ emails: 52, badges: 52, numbers: 52 });
  });

  it('has a second site in another zone with its own holiday and camera, but no department or people', async () => {
    const sites = await database.db
      .selectFrom('sites')
      .select(['name', 'time_zone', 'address', 'latitude', 'longitude', 'geofence_m', 'work_week'])
      .orderBy('id')
      .execute();
    expect(sites.map((s) => s.name)).toEqual(['Head Office', 'Singapore Warehouse']);
    expect(sites[1]).toEqual({
      name: 'Singapore Warehouse',
      time_zone: 'Asia/Singapore',
      address: '8 Jurong Port Road, Singapore',
      latitude: 1.3066,
      longitude: 103.7208,
      geofence_m: 200,
      work_week: [1, 2, 3, 4, 5, 6],
    });
    // Every department, so every person, is Head Office's: the specification's figures hold
    // under All sites.
    const bySite = await database.db
      .selectFrom('departments as d')
      .innerJoin('sites as s', 's.id', 'd.site_id')
      .select('s.name as site')
      .execute();
    expect(bySite.map((d) => d.site)).toEqual(Array(5).fill('Head Office'));
    const ownSite = await database.db
      .selectFrom('users')
      .select('id')
      .where('site_id', 'is not', null)
      .execute();
    expect(ownSite).toEqual([]);
    const holidays = await database.db
      .selectFrom('public_holidays as h')
      .leftJoin('sites as s', 's.id', 'h.site_id')
      .select(['h.date', 'h.name', 's.name as site'])
      .execute();
    expect(holidays).toEqual([{ date: '2026-08-09', name: 'National Day', site: 'Singapore Warehouse' }]);

    // Head Office's six cameras, and the warehouse's gate camera there.
    await seedDemoCameras(database.db, (key) => `http://127.0.0.1:9/${key}.ts`);
    const cameras = await database.db
      .selectFrom('cameras as c')
      .innerJoin('sites as s', 's.id', 'c.site_id')
      .select(['c.name', 's.name as site'])
      .orderBy('c.code')
      .execute();
    expect(cameras.filter((c) => c.site === 'Head Office')).toHaveLength(6);
    expect(cameras.filter((c) => c.site === 'Singapore Warehouse')).toEqual([
      { name: 'Jurong Gate', site: 'Singapore Warehouse' },
    ]);
  });

  it('migrations are applied once: a second run applies nothing', async () => {
    expect(await migrate(database.db)).toEqual([]);
  });

  it('the database refuses a role that does not exist', async () => {
    await expect(
      database.db
        .insertInto('users')
        .values({
          employee_number: 'X1',
          badge_number: 'XB1',
          first_name: 'A',
          last_name: 'B',
          email: 'x@y.z',
          role: 'superuser',
        })
        .execute(),
    ).rejects.toThrow(/foreign key/);
  });
});
