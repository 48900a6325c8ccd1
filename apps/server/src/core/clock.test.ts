import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/context';
import { OrgClock } from './clock';
import { EventBus } from './events/bus';
import { writeTimeZone } from './settings.repository';

let database: TestDatabase;
let busA: EventBus;
let busB: EventBus;

beforeAll(async () => {
  database = await createTestDatabase();
  await writeTimeZone(database.db, 'Europe/London', new Date());
  // Two buses on one database stand for two server processes.
  busA = new EventBus(database.db, database.url);
  busB = new EventBus(database.db, database.url);
  await Promise.all([busA.start(), busB.start()]);
});
afterAll(async () => {
  await Promise.all([busA.stop(), busB.stop()]);
  await database.drop();
});

describe('the organisation clock', () => {
  it("answers today on the organisation's calendar, not UTC's", async () => {
    const clock = new OrgClock(database.db, () => new Date('2026-07-08T23:30:00Z'));
    expect(await clock.today()).toEqual({
      now: new Date('2026-07-08T23:30:00Z'),
      timeZone: 'Europe/London',
      date: '2026-07-09',
      year: 2026,
    });
  });

  it('turns the date at local midnight to the second, asked again and again within the minute', async () => {
    let now = new Date('2026-07-08T22:59:00Z');
    const clock = new OrgClock(database.db, () => now);
    const dates: string[] = [];
    for (const iso of [
      '2026-07-08T22:59:00Z',
      '2026-07-08T22:59:59.999Z',
      '2026-07-08T23:00:00Z',
      '2026-07-08T22:59:30Z',
    ]) {
      now = new Date(iso);
      dates.push((await clock.today()).date);
    }
    expect(dates).toEqual(['2026-07-08', '2026-07-08', '2026-07-09', '2026-07-08']);
  });

  it('bounds a local day, 23 hours on the spring-forward day and 25 on the fall-back day', async () => {
    const clock = new OrgClock(database.db);
    const spring = await clock.dayBounds('2026-03-29');
    expect(spring).toEqual({
      start: new Date('2026-03-29T00:00:00Z'),
      end: new Date('2026-03-29T23:00:00Z'),
    });
    const autumn = await clock.dayBounds('2026-10-25');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    expect((await clock.dayBounds('2026-07-08')).start).toEqual(new Date('2026-07-07T23:00:00Z'));
  });

  it('reads the zone once, and every process drops it when it changes', async () => {
    const here = new OrgClock(database.db);
    const there = new OrgClock(database.db);
    const stop = there.follow(busB);
    try {
      expect(await here.timeZone()).toBe('Europe/London');
      expect(await there.timeZone()).toBe('Europe/London');
      // A change behind the clocks' backs is not seen: the zone is cached.
      await writeTimeZone(database.db, 'Asia/Tokyo', new Date());
      expect(await here.timeZone()).toBe('Europe/London');
      expect(await there.timeZone()).toBe('Europe/London');
      // A change through a clock is announced; the other process's clock follows it.
      await here.changeTimeZone(busA, 'America/New_York');
      expect(await here.timeZone()).toBe('America/New_York');
      await expect.poll(() => there.timeZone()).toBe('America/New_York');
    } finally {
      stop();
    }
  });

  it('asks again after a failed read instead of remembering the failure', async () => {
    let fail = true;
    const flaky = new Proxy(database.db, {
      get(target, key) {
        if (key === 'selectFrom' && fail) {
          fail = false;
          throw new Error('connection lost');
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const clock = new OrgClock(flaky);
    await expect(clock.timeZone()).rejects.toThrow('connection lost');
    expect(await clock.timeZone()).toBe('America/New_York');
  });
});
