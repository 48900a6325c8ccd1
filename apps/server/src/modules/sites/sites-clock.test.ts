import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { OrgClock } from '../../core/clock';
import { EventBus } from '../../core/events/bus';
import { SITES_KEY } from '../../core/site-events';

/**
 * A site's zone is what the clock of every process answers for it, and the first site's zone and
 * work week are the organisation settings' own: one row, two screens.
 */
const suite = useSuite({ now: '2026-11-27T13:05:00Z', timeZone: 'Europe/London' });
/** Another server process: its own bus on the same database, and its own clock following it. */
let otherBus: EventBus;
let otherClock: OrgClock;
let stopFollowing: () => void;

beforeAll(async () => {
  otherBus = new EventBus(suite.db, suite.database.url);
  await otherBus.start();
  otherClock = new OrgClock(suite.db);
  stopFollowing = otherClock.follow(otherBus);
});
afterAll(async () => {
  stopFollowing();
  await otherBus.stop();
});

const sites = async () => (await suite.http.get('/api/sites', suite.admin)).json().sites;
const settings = async () => (await suite.http.get('/api/settings', suite.admin)).json().settings;

describe('sites and the clock', () => {
  it('a zone changed on one process is dropped from the clock of another', async () => {
    const created = await suite.http.post('/api/sites', suite.admin, {
      name: 'Singapore Warehouse',
      timeZone: 'Asia/Singapore',
      workWeek: [1, 2, 3, 4, 5],
    });
    const site = created.json().site;
    // The other process learns of the new site (an unknown id rereads) and caches its zone.
    expect(await otherClock.timeZone(site.id)).toBe('Asia/Singapore');
    expect((await otherClock.today(site.id)).date).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(new Date()),
    );
    const changed = await suite.http.patch(`/api/sites/${site.id}`, suite.admin, {
      timeZone: 'America/Los_Angeles',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().site).toMatchObject({ time_zone: 'America/Los_Angeles', utc_offset: '-08:00' });
    await expect.poll(() => otherClock.timeZone(site.id)).toBe('America/Los_Angeles');

    // A removed site: the other clock drops it and answers the organisation's zone for its id.
    expect((await suite.http.del(`/api/sites/${site.id}`, suite.admin)).statusCode).toBe(200);
    await expect.poll(() => otherClock.timeZone(site.id)).toBe('Europe/London');
  });

  it('a change that moves no zone is announced to every process’s list, not to the clocks', async () => {
    const zoneEvents = () =>
      suite.db
        .selectFrom('event_log')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where(sql<boolean>`event->'keys' ? 'timezone'`)
        .executeTakeFirstOrThrow();
    const before = await zoneEvents();
    const first = (await sites())[0];
    await suite.http.patch(`/api/sites/${first.id}`, suite.admin, { address: '1 Main Street' });
    expect(await zoneEvents()).toEqual(before);
    expect((await sites())[0].address).toBe('1 Main Street');

    // Another process renames it: its announcement makes this process read the list again.
    await suite.db.updateTable('sites').set({ name: 'Main Office' }).where('id', '=', first.id).execute();
    expect((await sites())[0].name).toBe('Head Office');
    await otherBus.publish({ kind: 'settings_changed', keys: [SITES_KEY] });
    await expect.poll(async () => (await sites())[0].name).toBe('Main Office');
    await suite.db.updateTable('sites').set({ name: 'Head Office' }).where('id', '=', first.id).execute();
    await otherBus.publish({ kind: 'settings_changed', keys: [SITES_KEY] });
  });
});

describe('the first site is the organisation settings', () => {
  it('a zone or work week changed on the site is the one Settings shows', async () => {
    const first = (await sites())[0];
    const res = await suite.http.patch(`/api/sites/${first.id}`, suite.admin, {
      timeZone: 'Asia/Tokyo',
      workWeek: [2, 1, 3],
    });
    expect(res.statusCode).toBe(200);
    expect(await settings()).toMatchObject({ timeZone: 'Asia/Tokyo', workWeek: [1, 2, 3] });
    // The organisation's today follows at once, here and in the other process.
    expect((await suite.http.get('/api/sites', suite.admin)).json().sites[0].utc_offset).toBe('+09:00');
    await expect.poll(() => otherClock.timeZone()).toBe('Asia/Tokyo');
  });

  it('a zone or work week saved in Settings is the first site’s', async () => {
    const current = await settings();
    const saved = await suite.http.put('/api/settings', suite.admin, {
      organisationName: current.organisationName,
      timeZone: 'America/New_York',
      workWeek: [1, 2, 3, 4, 5, 6],
    });
    expect(saved.statusCode).toBe(200);
    const [first, ...others] = await sites();
    expect(first).toMatchObject({
      is_first: true,
      time_zone: 'America/New_York',
      work_week: [1, 2, 3, 4, 5, 6],
      utc_offset: '-05:00',
      today: '2026-11-27',
    });
    expect(others.every((s: { is_first: boolean }) => !s.is_first)).toBe(true);
    await expect.poll(() => otherClock.timeZone()).toBe('America/New_York');
  });
});
