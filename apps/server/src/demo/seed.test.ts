import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { migrate } from '../db/migrate';
import { seedDemo } from './index';
import { SECOND_SITE } from './second-site.data';
import { seedDemoCameras } from './video';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('demo seed', () => {
  it("seeds Head Office's 52 people in five departments and the second site's few, once, however often it runs", async () => {
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
      [SECOND_SITE.department]: SECOND_SITE.people.length,
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
      SECOND_SITE.department,
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
    expect(unique).toEqual({ emails: 57, badges: 57, numbers: 57 });
  });

  it('has a second site in another zone, its department on its Monday-to-Saturday week, and its own holiday', async () => {
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
    // Every department of Head Office's is the first site's; the warehouse's people are its own.
    const bySite = await database.db
      .selectFrom('departments as d')
      .innerJoin('sites as s', 's.id', 'd.site_id')
      .leftJoin('work_schedules as w', 'w.department_id', 'd.id')
      .select(['d.name', 's.name as site', 'w.workdays'])
      .orderBy('d.name')
      .execute();
    expect(bySite.filter((d) => d.site === 'Singapore Warehouse')).toEqual([
      { name: SECOND_SITE.department, site: 'Singapore Warehouse', workdays: [1, 2, 3, 4, 5, 6] },
    ]);
    expect(bySite.filter((d) => d.site === 'Head Office')).toHaveLength(5);
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
