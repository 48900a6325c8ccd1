import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/suite';
import { useSuite } from '../../../test/suite';
import { EventBus } from '../../core/events/bus';

/**
 * An administrator with site_admins rows is limited to those sites: their session carries the
 * sites, and follows a change of them in every process as a change of role does (users_changed).
 */
const suite = useSuite();
/** Another server process's bus, which announces the change. */
let otherBus: EventBus;
let limited: Session;
let site: number;

beforeAll(async () => {
  otherBus = new EventBus(suite.db, suite.database.url);
  await otherBus.start();
  limited = await suite.signedIn({ role: 'admin' });
  site = (
    await suite.db
      .insertInto('sites')
      .values({ name: 'Administered Site', time_zone: 'Europe/Paris' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await otherBus.stop();
});

const status = async (method: 'GET' | 'POST', url: string, body?: object) =>
  (await suite.http.request(method, url, limited, body)).statusCode;
const announce = () => otherBus.publish({ kind: 'users_changed', userIds: [limited.user.id] });

describe('a site administrator’s session', () => {
  it('is limited once they have sites, and every administrator’s again once they have none', async () => {
    expect(await status('GET', '/api/users')).toBe(200);

    await suite.db.insertInto('site_admins').values({ user_id: limited.user.id, site_id: site }).execute();
    await announce();
    // What is not theirs to do is refused: organisation figures, sites, tokens.
    await expect.poll(() => status('GET', '/api/dashboard/stats')).toBe(403);
    expect(await status('POST', '/api/sites', { name: 'Not Theirs', timeZone: 'UTC', workWeek: [1] })).toBe(
      403,
    );
    expect(await status('GET', '/api/tokens')).toBe(403);
    // What staff may do, they may.
    expect(await status('GET', '/api/sites')).toBe(200);
    // The people list is not narrowed to their sites yet, so it is refused rather than shown whole.
    expect(await status('GET', '/api/users')).toBe(403);

    // Removing the site would leave them no site, which reads as every site: refused.
    const removed = await suite.http.del(`/api/sites/${site}`, suite.admin);
    expect([removed.statusCode, removed.json().error.message]).toEqual([
      409,
      'Administered Site still has 1 site administrator. Move them to another site before removing it.',
    ]);

    await suite.db.deleteFrom('site_admins').where('user_id', '=', limited.user.id).execute();
    await announce();
    await expect.poll(() => status('GET', '/api/users')).toBe(200);
  });
});
