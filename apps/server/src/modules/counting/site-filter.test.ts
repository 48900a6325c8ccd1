import { beforeAll, describe, expect, it } from 'vitest';
import { makeCounter } from '../../../test/factories';
import { makeSite } from '../../../test/site-days';
import { useSuite } from '../../../test/suite';

// 17:30 UTC on Friday 2026-11-20: 17:30 in London (the organisation's own site), already 01:30 on
// Saturday the 21st in Singapore.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-11-20T17:30:00Z' });

let london: number;
let singapore: number;

const get = async (path: string) => {
  const answer = await suite.http.get(path, suite.admin);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const report = async (query: string) =>
  (await get(`/api/dashboard/people-analytics-report?${query}`)).data.reportData;

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
  const office = await makeCounter(suite.db);
  const warehouse = await makeCounter(suite.db);
  await suite.db.updateTable('devices').set({ site_id: singapore }).where('id', '=', warehouse.id).execute();
  await suite.db
    .insertInto('counting_hourly')
    .values([
      // 14:00 in London on the 20th; 22:00 in Singapore on the 20th.
      { device_id: office.id, hour: new Date('2026-11-20T14:00:00Z'), entries: 10, exits: 4, passby: 30 },
      { device_id: warehouse.id, hour: new Date('2026-11-20T14:00:00Z'), entries: 3, exits: 1, passby: 9 },
      // 01:00 in Singapore on the 21st, its today.
      { device_id: warehouse.id, hour: new Date('2026-11-20T17:00:00Z'), entries: 5, exits: 0, passby: 5 },
    ])
    .execute();
});

describe('people counting of one site', () => {
  it("counts the site's counters on its own days, and every site's figures sum", async () => {
    const range = 'startDate=2026-11-14&endDate=2026-11-21';
    const [sg, ldn, all] = await Promise.all([
      report(`${range}&siteId=${singapore}`),
      report(`${range}&siteId=${london}`),
      report(range),
    ]);
    expect([sg.summary.totalEntries, ldn.summary.totalEntries]).toEqual([8, 10]);
    expect(all.summary.totalEntries).toBe(18);
    expect([sg.timeZone, ldn.timeZone]).toEqual(['Asia/Singapore', 'Europe/London']);
    const day = (r: { chartData: { day: string; entries: number }[] }, d: string) =>
      r.chartData.find((x) => x.day === d)?.entries;
    // Singapore's 01:00 on the 21st is its 21st; London's 17:00 on the 20th.
    expect([day(sg, '2026-11-20'), day(sg, '2026-11-21')]).toEqual([3, 5]);
    expect(day(all, '2026-11-20')).toBe(18);

    // Its today by default: Singapore's range ends on its 21st, the organisation's on the 20th.
    expect((await report(`siteId=${singapore}`)).endDate).toBe('2026-11-21');
    expect((await report('')).endDate).toBe('2026-11-20');
  });

  it("reads a site's hours on its clock, on its today by default", async () => {
    const sg = await get(`/api/counting/hourly?siteId=${singapore}`);
    expect(sg).toMatchObject({ date: '2026-11-21', timeZone: 'Asia/Singapore' });
    expect(sg.hours[1]).toEqual({ hour: 1, entries: 5, exits: 0, passby: 5 });
    const ldn = await get(`/api/counting/hourly?siteId=${london}&date=2026-11-20`);
    expect(ldn.hours[14]).toEqual({ hour: 14, entries: 10, exits: 4, passby: 30 });
  });

  it('answers 400 naming siteId for a site that does not exist', async () => {
    for (const path of ['/api/dashboard/people-analytics-report', '/api/counting/hourly']) {
      const answer = await suite.http.get(`${path}?siteId=999999`, suite.admin);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
    }
  });
});
