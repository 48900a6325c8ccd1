import { describe, expect, it } from 'vitest';
import { makeAccessEvents, makeAlert, makeDevice } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ timeZone: 'Europe/London' });

/** A site with one door controller; its events and alerts are the site's. */
async function siteWithDoor(name: string, timeZone: string) {
  const site = await suite.db
    .insertInto('sites')
    .values({ name, time_zone: timeZone })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await makeDevice(suite.db, { status: 'online' });
  await suite.db.updateTable('devices').set({ site_id: site.id }).where('id', '=', device.id).execute();
  return { siteId: site.id, device };
}

describe('access logs and figures of one site', () => {
  it("narrow to the site's devices, and without a site they are every site's", async () => {
    const singapore = await siteWithDoor('Singapore Warehouse', 'Asia/Singapore');
    const lisbon = await siteWithDoor('Lisbon Depot', 'Europe/Lisbon');
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await makeAccessEvents(suite.db, [
      { device: singapore.device, at: at(3), action: 'entry' },
      { device: singapore.device, at: at(2), action: 'entry' },
      { device: lisbon.device, at: at(1), action: 'entry' },
    ]);
    await makeAlert(suite.db, { kind: 'door_forced_open', device_id: singapore.device.code });

    const logs = async (query: string) => {
      const res = await suite.http.get(`/api/access/logs?limit=50${query}`, suite.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().logs.map((l: { device_id: string }) => l.device_id);
    };
    expect(await logs(`&siteId=${singapore.siteId}`)).toEqual([singapore.device.code, singapore.device.code]);
    expect(await logs(`&siteId=${lisbon.siteId}`)).toEqual([lisbon.device.code]);
    const all = await logs('');
    expect(all.filter((d: string) => d === singapore.device.code || d === lisbon.device.code)).toHaveLength(
      3,
    );

    const stats = async (query: string) =>
      (await suite.http.get(`/api/access/stats${query}`, suite.admin)).json().stats;
    const [sg, lis, every] = [
      await stats(`?siteId=${singapore.siteId}`),
      await stats(`?siteId=${lisbon.siteId}`),
      await stats(''),
    ];
    // Each site's entries on its own today; every site's figure is their sum, each on its own today.
    expect([sg.today_entries, lis.today_entries, every.today_entries]).toEqual([2, 1, 3]);
    expect(sg.active_alerts).toBe(1);
    expect(lis.active_alerts).toBe(0);
    expect(every.active_alerts).toBeGreaterThanOrEqual(1);

    // The CSV holds what the screen lists for the site.
    const csv = await suite.http.get(`/api/access/logs/export?siteId=${lisbon.siteId}`, suite.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(lisbon.device.code);
    expect(csv.body).not.toContain(singapore.device.code);
  });

  it('refuse a site that does not exist, naming siteId', async () => {
    for (const path of ['/api/access/logs?siteId=999999', '/api/access/stats?siteId=999999']) {
      const res = await suite.http.get(path, suite.admin);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
    }
  });
});
