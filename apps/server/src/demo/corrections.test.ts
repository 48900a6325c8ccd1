import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { OrgClock } from '../core/clock';
import { writeTimeZone } from '../core/settings.repository';
import { seedDemoAttendance } from './attendance';
import { seedDemoCorrections } from './corrections';
import { seedDemo, seedDemoLeave } from './index';
import { demoAccounts } from './people.data';

let database: TestDatabase;
const now = new Date('2026-07-08T13:00:00Z');
const at = (instant: Date) => new OrgClock(database.db, () => instant);

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
  await seedDemo(database.db);
  await seedDemoAttendance(database.db, at(now));
  await seedDemoLeave(database.db, at(now));
});
afterAll(() => database.drop());

const pending = () =>
  database.db
    .selectFrom('attendance_correction_requests as c')
    .innerJoin('attendance_records as r', 'r.id', 'c.record_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.date',
      'c.status',
      'c.check_out_time',
      'r.check_in_time',
      'r.check_out_time as recorded_out',
      'u.email',
    ])
    .execute();

describe('demo correction requests', () => {
  it('asks, once, for the check-outs of a few forgotten days of the last fortnight', async () => {
    await seedDemoCorrections(database.db, at(now));
    const rows = await pending();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.recorded_out).toBeNull();
      expect(row.date < '2026-07-08' && row.date >= '2026-06-24').toBe(true);
      expect(row.check_out_time!.getTime()).toBeGreaterThan(row.check_in_time.getTime());
      expect(Object.values(demoAccounts).map((a) => a.email)).not.toContain(row.email);
    }
    await seedDemoCorrections(database.db, at(new Date('2026-07-09T13:00:00Z')));
    expect(await pending()).toHaveLength(rows.length);
  });
});
