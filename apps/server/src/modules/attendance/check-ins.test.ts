import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeUsers } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { OrgClock } from '../../core/clock';
import { CheckIns } from './check-ins';

const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-06T08:00:00Z' });
const checkInsAt = (iso: string) => {
  suite.clock.set(iso);
  return new CheckIns(suite.db, suite.bus, new OrgClock(suite.db, suite.clock.now));
};
const recordsOf = (userIds: number[]) =>
  suite.db.selectFrom('attendance_records').select('user_id').where('user_id', 'in', userIds).execute();

// Submitted in one tick, the first two check-ins are written alone (two batches in flight) and the
// rest wait and go out together in the third.
describe('check-ins written in group commits', () => {
  it("fails one person's check-in without failing the others in its batch", async () => {
    const people = await makeUsers(suite.db, 6);
    const refused = people[3]!.id;
    // A fault only PostgreSQL knows of, for one person of the third batch.
    await sql`CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.user_id = ${sql.lit(refused)} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`.execute(
      suite.db,
    );
    await sql`CREATE TRIGGER refuse_one BEFORE INSERT ON attendance_records
      FOR EACH ROW EXECUTE FUNCTION refuse_one()`.execute(suite.db);
    try {
      const checkIns = checkInsAt('2026-07-06T07:50:00Z');
      const outcomes = await Promise.allSettled(people.map((p) => checkIns.checkIn(p.id)));
      expect(outcomes.map((o) => o.status)).toEqual(
        people.map((p) => (p.id === refused ? 'rejected' : 'fulfilled')),
      );
    } finally {
      await sql`DROP TRIGGER refuse_one ON attendance_records`.execute(suite.db);
      await sql`DROP FUNCTION refuse_one()`.execute(suite.db);
    }
    const written = (await recordsOf(people.map((p) => p.id))).map((r) => r.user_id).sort();
    expect(written).toEqual(
      people
        .map((p) => p.id)
        .filter((id) => id !== refused)
        .sort(),
    );
  });

  it('writes the first of two check-ins of one person in a batch and refuses the second', async () => {
    const [a, b, c] = await makeUsers(suite.db, 3);
    const checkIns = checkInsAt('2026-07-06T07:55:00Z');
    const [first, second, third, again] = await Promise.all([
      checkIns.checkIn(a!.id),
      checkIns.checkIn(b!.id),
      checkIns.checkIn(c!.id),
      checkIns.checkIn(c!.id),
    ]);
    expect([first.record?.user_id, second.record?.user_id, third.record?.user_id, again.record]).toEqual([
      a!.id,
      b!.id,
      c!.id,
      null,
    ]);
    expect(await recordsOf([c!.id])).toHaveLength(1);
  });

  it('refuses a person who does not exist, and only them', async () => {
    const [a, b, c] = await makeUsers(suite.db, 3);
    const checkIns = checkInsAt('2026-07-06T07:58:00Z');
    const outcomes = await Promise.allSettled([
      checkIns.checkIn(a!.id),
      checkIns.checkIn(b!.id),
      checkIns.checkIn(424_242),
      checkIns.checkIn(c!.id),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'not_found' });
  });
});
