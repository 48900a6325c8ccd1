import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { makeCountingWindows } from '../../test/factories';
import { OrgClock } from '../core/clock';
import { writeTimeZone } from '../core/settings.repository';
import { seedDemoCounting } from './counting';
import { seedDemo } from './index';

let database: TestDatabase;
// A Wednesday afternoon in London.
const first = new Date('2026-07-08T13:07:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
  await seedDemo(database.db);
});
afterAll(() => database.drop());

const at = (instant: Date) => new OrgClock(database.db, () => instant);

/** Per device and local weekday/hour: the mean entries of the seeded history. */
async function meanEntries(code: string, weekdays: number[], hours: number[]): Promise<number> {
  const row = await sql<{ mean: string | null }>`
    SELECT avg(h.entries) AS mean
    FROM counting_hourly h JOIN devices d ON d.id = h.device_id
    WHERE d.device_id = ${code}
      AND extract(isodow FROM h.hour AT TIME ZONE 'Europe/London')::int = ANY(${weekdays}::int[])
      AND extract(hour FROM h.hour AT TIME ZONE 'Europe/London')::int = ANY(${hours}::int[])`.execute(
    database.db,
  );
  return Number(row.rows[0]?.mean ?? 0);
}

describe('demo counting', () => {
  it('writes 60 days of 15-minute windows up to now, and the rollup is their sum', async () => {
    const written = await seedDemoCounting(database.db, at(first));
    // Head Office's two counters and the second site's, 60 days of 96 slots each.
    expect(written).toBe(3 * 60 * 96);

    const counters = await database.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.id', 'devices.site_id')
      .select(['device_id', 'devices.name', 'type', 'status', 'sites.name as site'])
      .where('type', '=', 'counter')
      .orderBy('device_id')
      .execute();
    expect(counters.map((c) => `${c.name} (${c.site})`)).toEqual([
      'Showroom Entrance (Head Office)',
      'Head Office Lobby (Head Office)',
      'Jurong Gate (Singapore Warehouse)',
    ]);

    const last = await database.db
      .selectFrom('counting_windows')
      .select((eb) => eb.fn.max('window_end').as('end'))
      .executeTakeFirstOrThrow();
    expect(new Date(last.end as Date).toISOString()).toBe('2026-07-08T13:00:00.000Z');

    const mismatches = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT device_id, date_trunc('hour', window_start) AS hour,
               sum(entries) AS entries, sum(exits) AS exits, sum(passby) AS passby
        FROM counting_windows GROUP BY 1, 2) w
      FULL JOIN counting_hourly h USING (device_id, hour)
      WHERE h.entries IS DISTINCT FROM w.entries OR h.exits IS DISTINCT FROM w.exits
         OR h.passby IS DISTINCT FROM w.passby`.execute(database.db);
    expect(Number(mismatches.rows[0]!.n)).toBe(0);
  });

  it('follows a believable week: closed hours near zero, showroom weekends, lobby mornings', async () => {
    const showroomNight = await meanEntries('PC-201', [1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5]);
    const showroomWeekday = await meanEntries('PC-201', [1, 2, 3, 4], [12, 13]);
    const showroomSaturday = await meanEntries('PC-201', [6], [12, 13]);
    expect(showroomNight).toBeLessThan(1);
    expect(showroomWeekday).toBeGreaterThan(15);
    expect(showroomSaturday).toBeGreaterThan(1.6 * showroomWeekday);

    const lobbyMorning = await meanEntries('PC-202', [1, 2, 3, 4, 5], [8]);
    const lobbyAfternoon = await meanEntries('PC-202', [1, 2, 3, 4, 5], [15]);
    const lobbySunday = await meanEntries('PC-202', [7], [8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(lobbyMorning).toBeGreaterThan(4 * lobbyAfternoon);
    expect(lobbySunday).toBeLessThan(1);

    // The warehouse gate follows Singapore's clock: its shift arrives before nine there
    // (01:00 in London), and Sunday is its day off.
    const gate = async (weekdays: number[], hours: number[]) => {
      const row = await sql<{ mean: string | null }>`
        SELECT avg(h.entries) AS mean FROM counting_hourly h JOIN devices d ON d.id = h.device_id
        WHERE d.device_id = 'PC-203'
          AND extract(isodow FROM h.hour AT TIME ZONE 'Asia/Singapore')::int = ANY(${weekdays}::int[])
          AND extract(hour FROM h.hour AT TIME ZONE 'Asia/Singapore')::int = ANY(${hours}::int[])`.execute(
        database.db,
      );
      return Number(row.rows[0]?.mean ?? 0);
    };
    expect(await gate([1, 2, 3, 4, 5, 6], [8])).toBeGreaterThan(6);
    expect(await gate([7], [8])).toBeLessThan(1);
  });

  it('a later start fills only the gap up to now and leaves pushed windows alone', async () => {
    const device = await database.db
      .selectFrom('devices')
      .select('id')
      .where('device_id', '=', 'PC-201')
      .executeTakeFirstOrThrow();
    // What a simulated counter pushed meanwhile: one-minute windows from 13:00 to 13:05.
    await makeCountingWindows(
      database.db,
      device,
      [0, 1, 2, 3, 4].map((m) => ({
        start: `2026-07-08T13:0${m}:00Z`,
        end: `2026-07-08T13:0${m + 1}:00Z`,
        entries: 2,
        exits: 1,
        passby: 3,
      })),
    );

    const written = await seedDemoCounting(database.db, at(new Date('2026-07-08T14:02:00Z')));
    // 13:00-14:00 is four slots per counter; the showroom's first slot overlaps what was pushed.
    expect(written).toBe(4 + 4 + 3);
    const again = await seedDemoCounting(database.db, at(new Date('2026-07-08T14:02:00Z')));
    expect(again).toBe(0);
  });
});
