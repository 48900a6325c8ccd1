import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccessEvents, makeDevice } from '../../../test/factories';
import { departmentAt, makeSite, setPersonSite } from '../../../test/site-days';
import { type Session, useSuite } from '../../../test/suite';

// 17:30 UTC on Wednesday 2026-07-08: 18:30 in London (the organisation's own site), already
// 01:30 on Thursday the 9th in the Singapore warehouse.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T17:30:00Z' });

let london: number;
let singapore: number;

const get = async (path: string, who: Session = suite.admin) => {
  const answer = await suite.http.get(path, who);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const site = (id: number | undefined) => (id === undefined ? '' : `?siteId=${id}`);

beforeAll(async () => {
  london = Number(
    (
      await suite.db
        .selectFrom('sites')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  singapore = await makeSite(suite.db, suite.bus, 'Asia/Singapore');
  await departmentAt(suite.db, 'Warehouse', singapore);
  const inWarehouse = await suite.signedIn({ department: 'Warehouse' });
  await suite.signedIn({ department: 'Warehouse' });
  const inOffice = await suite.signedIn({ department: 'Office' });
  await suite.signedIn({ department: 'Office' });
  // In the London office's department, working in Singapore: Singapore's.
  const seconded = await suite.signedIn({ department: 'Office' });
  await setPersonSite(suite.db, seconded.user.id, singapore);
  for (const person of [inWarehouse, inOffice, seconded])
    expect((await suite.http.post('/api/attendance/check-in', person)).statusCode).toBe(200);

  const warehouseDoor = await makeDevice(suite.db);
  await suite.db
    .updateTable('devices')
    .set({ site_id: singapore })
    .where('id', '=', warehouseDoor.id)
    .execute();
  const officeDoor = await makeDevice(suite.db);
  const at = '2026-07-08T17:00:00Z'; // each site's today: 18:00 in London, 01:00 on the 9th in Singapore
  await makeAccessEvents(suite.db, [
    { device: warehouseDoor, at },
    { device: officeDoor, at },
    { device: officeDoor, at },
    { device: officeDoor, at, kind: 'denied' },
  ]);
});

describe('the dashboard and the attendance overview of one site', () => {
  it("counts the site's people (their own site, else their department's) on its own today", async () => {
    const sg = (await get(`/api/attendance/overview${site(singapore)}`)).overview;
    // The two of the warehouse and the one seconded from the office; two of them in.
    expect(sg).toMatchObject({
      date: '2026-07-09',
      localDay: 'site',
      totalEmployees: 3,
      present: 2,
      absent: 1,
    });
    expect(sg.stillInBuilding).toBe(2);
    const byName = Object.fromEntries(
      sg.departments.map((d: { name: string; total: number; present: number }) => [
        d.name,
        [d.total, d.present],
      ]),
    );
    expect(byName).toEqual({ Warehouse: [2, 1], Office: [1, 1] });

    const ldn = (await get(`/api/attendance/overview${site(london)}`)).overview;
    // The administrator and the two left in the office; one in.
    expect(ldn).toMatchObject({
      date: '2026-07-08',
      localDay: 'site',
      totalEmployees: 3,
      present: 1,
      absent: 2,
    });

    const all = (await get('/api/attendance/overview')).overview;
    for (const key of ['totalEmployees', 'present', 'absent', 'onLeave', 'stillInBuilding'] as const)
      expect(all[key]).toBe(sg[key] + ldn[key]);
  });

  it("shows on the dashboard's tiles the overview's numbers, and its doors' passages", async () => {
    for (const id of [singapore, london]) {
      const overview = (await get(`/api/attendance/overview${site(id)}`)).overview;
      const quick = (await get(`/api/dashboard/quick-stats${site(id)}`)).quickStats;
      expect([quick.presentToday, quick.totalEmployees]).toEqual([overview.present, overview.totalEmployees]);
      const stats = (await get(`/api/dashboard/stats${site(id)}`)).stats;
      expect(stats.today).toEqual(overview);
    }
    const [sg, ldn, all] = await Promise.all(
      [singapore, london, undefined].map(
        async (id) => (await get(`/api/dashboard/quick-stats${site(id)}`)).quickStats,
      ),
    );
    expect(sg.accessEventsToday).toBeGreaterThan(0);
    expect(ldn.accessEventsToday).toBeGreaterThan(sg.accessEventsToday);
    for (const key of ['presentToday', 'totalEmployees', 'accessEventsToday'] as const)
      expect(all[key]).toBe(sg[key] + ldn[key]);
  });

  it("reads the analytics of the site's doors", async () => {
    const passages = async (id?: number) =>
      (
        (await get(`/api/dashboard/analytics${site(id)}`)).analytics.accessByHour as { passages: number }[]
      ).reduce((sum, h) => sum + h.passages, 0);
    const [sg, ldn, all] = await Promise.all([passages(singapore), passages(london), passages()]);
    expect([sg, ldn]).toEqual([1, 2]);
    expect(all).toBe(sg + ldn);
    // Singapore's clock: 01:00 there.
    const hours = (await get(`/api/dashboard/analytics${site(singapore)}`)).analytics.accessByHour;
    expect(hours.find((h: { passages: number }) => h.passages > 0).hour).toBe(1);
  });

  it("lists the site's people on its own today", async () => {
    const list = await get(`/api/attendance${site(singapore)}`);
    expect(list.total).toBe(3);
    expect(new Set(list.attendance.map((r: { date: string }) => r.date))).toEqual(new Set(['2026-07-09']));
  });

  it("exports the site's people, its times on its clock", async () => {
    const rows = async (siteId: number, date: string) => {
      const answer = await suite.http.post('/api/attendance/export', suite.admin, {
        startDate: date,
        endDate: date,
        siteId,
      });
      expect(answer.statusCode).toBe(200);
      return answer.body.trimEnd().split('\r\n').slice(1);
    };
    const sg = await rows(singapore, '2026-07-09');
    expect(sg).toHaveLength(3);
    // Checked in at 17:30 UTC: 01:30 in Singapore.
    expect(sg.filter((line) => line.includes(',01:30,'))).toHaveLength(2);
    expect(await rows(london, '2026-07-08')).toHaveLength(3);
  });

  it('answers 400 naming siteId for a site that does not exist', async () => {
    for (const path of [
      '/api/dashboard/stats',
      '/api/dashboard/quick-stats',
      '/api/dashboard/analytics',
      '/api/attendance/overview',
      '/api/attendance',
    ]) {
      const answer = await suite.http.get(`${path}?siteId=999999`, suite.admin);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
    }
    const file = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: '2026-07-08',
      endDate: '2026-07-08',
      siteId: 999999,
    });
    expect(file.statusCode).toBe(400);
    expect(file.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
  });
});
