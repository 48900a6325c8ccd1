import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { OrgClock } from '../core/clock';
import { writeTimeZone } from '../core/settings.repository';
import { seedDemoAccess } from './access';
import { seedDemoAttendance } from './attendance';
import { seedDemo } from './index';

let database: TestDatabase;
// A Wednesday afternoon: everyone present today has checked in, nobody has left yet.
const first = new Date('2026-07-08T13:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
});
afterAll(() => database.drop());

const at = (instant: Date) => new OrgClock(database.db, () => instant);
const count = async (table: 'access_events' | 'alerts' | 'devices' | 'access_permissions') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo access', () => {
  it('builds the building and 60 days of passages that agree with attendance', async () => {
    await seedDemo(database.db);
    await seedDemoAttendance(database.db, at(first));
    await seedDemoAccess(database.db, at(first));

    // Head Office's eight controllers and the second site's two (the gate's in and out readers).
    expect(await count('devices')).toBe(10);
    const atSecondSite = await database.db
      .selectFrom('devices as d')
      .innerJoin('sites as s', 's.id', 'd.site_id')
      .innerJoin('access_points as p', 'p.id', 'd.access_point_id')
      .innerJoin('sites as ps', 'ps.id', 'p.site_id')
      .select(['d.device_id', 'p.name as point', 'p.counts_for_attendance', 'ps.name as point_site'])
      .where('s.name', '=', 'Singapore Warehouse')
      .orderBy('d.device_id')
      .execute();
    expect(atSecondSite).toEqual([
      {
        device_id: 'HK-201',
        point: 'Jurong Gate',
        counts_for_attendance: true,
        point_site: 'Singapore Warehouse',
      },
      {
        device_id: 'HK-202',
        point: 'Jurong Gate',
        counts_for_attendance: true,
        point_site: 'Singapore Warehouse',
      },
    ]);
    const statuses = await database.db
      .selectFrom('devices')
      .select(['device_id', 'status'])
      .orderBy('device_id')
      .execute();
    expect(statuses.filter((d) => d.status === 'maintenance').map((d) => d.device_id)).toEqual(['HK-107']);
    expect(statuses.filter((d) => d.status === 'offline').map((d) => d.device_id)).toEqual(['HK-108']);

    // Every check-in is a passage at its site's entrance: Head Office's Main Entrance, or the
    // warehouse's Jurong Gate for its department.
    const mismatch = await database.db
      .selectFrom('attendance_records as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('departments as dep', 'dep.id', 'u.department_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('access_events as e')
              .select('e.id')
              .whereRef('e.user_id', '=', 'r.user_id')
              .where((eb) =>
                eb(
                  'e.device_code',
                  '=',
                  eb.case().when('dep.name', '=', 'Warehouse Singapore').then('HK-201').else('HK-101').end(),
                ),
              )
              .where('e.action', '=', 'entry')
              .whereRef('e.occurred_at', '=', 'r.check_in_time'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(Number(mismatch.n)).toBe(0);

    // Today (a weekday): 47 people checked in and none left, so 47 are in the building.
    const inside = await database.db
      .selectFrom('access_presence')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_action', '=', 'entry')
      .where('last_at', '>=', new Date('2026-07-07T23:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(Number(inside.n)).toBe(47);

    const today = await database.db
      .selectFrom('access_daily_counts')
      .selectAll()
      .where('day', '=', '2026-07-08')
      .where('site_id', '=', (eb) => eb.selectFrom('sites').select((s) => s.fn.min('id').as('id')))
      .executeTakeFirstOrThrow();
    expect(today.entries).toBeGreaterThanOrEqual(47);

    const incidents = await database.db
      .selectFrom('alerts')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    const kinds = Object.fromEntries(incidents.map((r) => [r.kind, Number(r.n)]));
    expect(kinds.access_denied).toBeGreaterThan(5);
    expect(kinds.door_forced_open).toBeGreaterThan(0);
    expect(kinds.door_held_open).toBeGreaterThan(0);
    expect(kinds.device_offline).toBe(1);
  });

  it('adds only new days at a later start, and never twice', async () => {
    const events = await count('access_events');
    const alerts = await count('alerts');
    await seedDemoAccess(database.db, at(first));
    expect(await count('access_events')).toBe(events);
    expect(await count('alerts')).toBe(alerts);

    const nextDay = new Date('2026-07-09T13:00:00Z');
    await seedDemoAttendance(database.db, at(nextDay));
    await seedDemoAccess(database.db, at(nextDay));
    const added = await database.db
      .selectFrom('access_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('occurred_at', '>=', new Date('2026-07-08T23:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(Number(added.n)).toBeGreaterThan(40);
    expect(await count('devices')).toBe(10);
  });
});
