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

    // Every check-in is a passage at the Main Entrance: everyone is Head Office's.
    const mismatch = await database.db
      .selectFrom('attendance_records as r')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('access_events as e')
              .select('e.id')
              .whereRef('e.user_id', '=', 'r.user_id')
              .where('e.device_code', '=', 'HK-101')
              .where('e.action', '=', 'entry')
              .whereRef('e.occurred_at', '=', 'r.check_in_time'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(Number(mismatch.n)).toBe(0);

    // The warehouse has nobody of its own: its gate's log is unknown cards refused, on
    // Singapore's clock (07:48 and 17:35 there), and it puts nobody in the building.
    const atGate = await database.db
      .selectFrom('access_events')
      .select(['kind', 'user_id', 'occurred_at'])
      .where('device_code', 'in', ['HK-201', 'HK-202'])
      .execute();
    expect(atGate.length).toBeGreaterThan(20);
    for (const e of atGate) {
      expect(e).toMatchObject({ kind: 'denied', user_id: null });
      expect(['07:48', '17:35']).toContain(
        e.occurred_at.toLocaleTimeString('en-GB', {
          timeZone: 'Asia/Singapore',
          hour: '2-digit',
          minute: '2-digit',
        }),
      );
    }
    const gateDays = await database.db
      .selectFrom('access_daily_counts as c')
      .innerJoin('sites as s', 's.id', 'c.site_id')
      .select((eb) => [
        eb.fn.sum<number>('c.entries').as('entries'),
        eb.fn.sum<number>('c.denied').as('denied'),
      ])
      .where('s.name', '=', 'Singapore Warehouse')
      .executeTakeFirstOrThrow();
    expect(Number(gateDays.entries)).toBe(0);
    expect(Number(gateDays.denied)).toBe(atGate.length);

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
