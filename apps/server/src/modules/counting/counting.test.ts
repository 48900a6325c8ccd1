import { describe, expect, it } from 'vitest';
import { makeCounter } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

// Friday 20 November 2026, 18:00 in London (UTC+0 in winter).
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-11-20T18:00:00Z' });

const windowXml = (start: string, end: string, enter: number, exit: number, pass: number) => `
<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
  <ipAddress>10.1.3.12</ipAddress><channelID>1</channelID>
  <dateTime>${end}</dateTime><activePostCount>1</activePostCount>
  <eventType>PeopleCounting</eventType><eventState>active</eventState>
  <peopleCounting>
    <statisticalMethods>timeRange</statisticalMethods>
    <TimeRange><startTime>${start}</startTime><endTime>${end}</endTime></TimeRange>
    <enter>${enter}</enter><exit>${exit}</exit><pass>${pass}</pass>
  </peopleCounting>
</EventNotificationAlert>`;

const realTimeJson = (time: string, enter: number, exit: number, pass: number) =>
  JSON.stringify({
    ipAddress: '10.1.3.13',
    dateTime: time,
    eventType: 'PeopleCounting',
    eventState: 'active',
    peopleCounting: { statisticalMethods: 'realTime', RealTime: { time }, enter, exit, pass },
  });

function push(secret: string, body: string, type: 'application/xml' | 'application/json') {
  return suite.app.inject({
    method: 'POST',
    url: `/api/devices/isapi/${secret}`,
    headers: { 'content-type': type },
    payload: body,
  });
}

async function rollup(deviceId: number) {
  return suite.db
    .selectFrom('counting_hourly')
    .select(['hour', 'entries', 'exits', 'passby'])
    .where('device_id', '=', deviceId)
    .orderBy('hour')
    .execute();
}

async function rawSums(deviceId: number) {
  const rows = await suite.db
    .selectFrom('counting_windows')
    .select(['entries', 'exits', 'passby'])
    .where('device_id', '=', deviceId)
    .execute();
  return rows.reduce(
    (a, r) => ({ entries: a.entries + r.entries, exits: a.exits + r.exits, passby: a.passby + r.passby }),
    { entries: 0, exits: 0, passby: 0 },
  );
}

describe('people counting ingest', () => {
  it('counts a timeRange window once however often it is sent, in the hour it belongs to', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-W1' });
    const body = windowXml('2026-11-20T10:00:00+00:00', '2026-11-20T10:15:00+00:00', 37, 29, 214);
    for (let i = 0; i < 3; i++)
      expect((await push(counter.secret, body, 'application/xml')).statusCode).toBe(200);
    // A late window of the previous hour, and the last quarter of the ten o'clock hour.
    await push(
      counter.secret,
      windowXml('2026-11-20T09:45:00Z', '2026-11-20T10:00:00Z', 5, 1, 40),
      'application/xml',
    );
    await push(
      counter.secret,
      windowXml('2026-11-20T10:45:00Z', '2026-11-20T11:00:00Z', 3, 2, 10),
      'application/xml',
    );

    const hours = await rollup(counter.id);
    expect(hours.map((h) => [h.hour.toISOString(), h.entries, h.exits, h.passby])).toEqual([
      ['2026-11-20T09:00:00.000Z', 5, 1, 40],
      ['2026-11-20T10:00:00.000Z', 40, 31, 224],
    ]);
    const device = await suite.db
      .selectFrom('devices')
      .select(['status', 'last_seen_at'])
      .where('id', '=', counter.id)
      .executeTakeFirstOrThrow();
    expect(device.status).toBe('online');
  });

  it('turns cumulative realTime readings into differences, across a reset and out of order', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-R1' });
    const send = (time: string, e: number, x: number, p: number) =>
      push(counter.secret, realTimeJson(time, e, x, p), 'application/json');
    expect((await send('2026-11-20T08:30:00Z', 10, 2, 50)).statusCode).toBe(200);
    expect((await send('2026-11-20T09:30:00Z', 25, 10, 90)).statusCode).toBe(200);
    // The same reading again changes nothing.
    expect((await send('2026-11-20T09:30:00Z', 25, 10, 90)).statusCode).toBe(200);
    // The counter restarted: 4 since the reset.
    expect((await send('2026-11-20T11:30:00Z', 4, 1, 12)).statusCode).toBe(200);
    // A late reading between the first two splits their window.
    expect((await send('2026-11-20T09:00:00Z', 18, 6, 70)).statusCode).toBe(200);

    const hours = await rollup(counter.id);
    expect(hours.map((h) => [h.hour.getUTCHours(), h.entries, h.exits, h.passby])).toEqual([
      // 08:30 -> 10 and 09:00 -> 18: the half hour up to 09:00 is the eight o'clock hour's.
      [8, 18, 6, 70],
      [9, 7, 4, 20],
      [11, 4, 1, 12],
    ]);
    const total = hours.reduce((a, h) => a + h.entries, 0);
    expect(total).toBe(29);
    expect(await rawSums(counter.id)).toEqual({ entries: 29, exits: 11, passby: 102 });
  });

  it('the next day starts from the reset, not from yesterday', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-R2' });
    await push(counter.secret, realTimeJson('2026-11-18T17:00:00Z', 300, 290, 900), 'application/json');
    await push(counter.secret, realTimeJson('2026-11-19T09:00:00Z', 20, 5, 80), 'application/json');
    const hours = await rollup(counter.id);
    expect(hours.map((h) => h.entries)).toEqual([300, 20]);
  });

  it('refuses malformed counting bodies with 400 and stores nothing', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-B1' });
    const bad = [
      windowXml('2026-11-20T10:15:00Z', '2026-11-20T10:00:00Z', 1, 1, 1),
      windowXml('2026-11-20T10:00:00Z', '2026-11-20T10:15:00Z', -1, 1, 1),
      windowXml('2026-11-20T10:00:00Z', '2026-11-22T10:15:00Z', 1, 1, 1),
      windowXml('2026-11-20T10:00:00Z', '2026-11-20T10:15:00Z', 1, 1, 1).replace('timeRange', 'sometimes'),
      '<EventNotificationAlert><eventType>PeopleCounting</eventType><dateTime>2026-11-20T10:00:00Z</dateTime></EventNotificationAlert>',
    ];
    for (const body of bad) {
      const res = await push(counter.secret, body, 'application/xml');
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error.message).toMatch(/peopleCounting|TimeRange|must/);
    }
    expect(await rollup(counter.id)).toEqual([]);
  });
});

describe('people analytics report', () => {
  it('sums, rates, trends and a row per day from the rollup', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-A1' });
    const other = await makeCounter(suite.db, { code: 'PC-A2' });
    const day = (d: string, e: number, x: number, p: number, who = counter) =>
      push(who.secret, windowXml(`${d}T12:00:00Z`, `${d}T12:15:00Z`, e, x, p), 'application/xml');
    // The week before the range: 50 entries, 150 passby (walk-in 25%).
    await day('2026-11-10', 50, 40, 150);
    // The range 14-20 November: 60 + 40 entries, 140 + 60 passby.
    await day('2026-11-14', 60, 55, 140);
    await day('2026-11-20', 40, 30, 60);
    await day('2026-11-20', 1000, 1000, 1000, other);

    const res = await suite.http.get(
      `/api/dashboard/people-analytics-report?startDate=2026-11-14&endDate=2026-11-20&deviceId=${counter.id}`,
      suite.admin,
    );
    expect(res.statusCode).toBe(200);
    const report = res.json().data.reportData;
    expect(report.summary).toEqual({
      totalEntries: 100,
      totalPassby: 200,
      totalExits: 85,
      walkInRate: 33.3,
      conversionRate: 50,
    });
    // 100 vs 50 entries: +100%; walk-in 33.3 vs 25: +33.2%.
    expect(report.trends.entriesChange).toEqual({ direction: 'up', value: 100 });
    expect(report.trends.walkInRateChange).toEqual({ direction: 'up', value: 33.2 });
    expect(report.chartData).toHaveLength(7);
    expect(report.chartData[0]).toEqual({
      day: '2026-11-14',
      entries: 60,
      passby: 140,
      walkInRate: 30,
      exits: 55,
    });
    expect(report.chartData[1]).toEqual({
      day: '2026-11-15',
      entries: 0,
      passby: 0,
      walkInRate: 0,
      exits: 0,
    });

    // All counters together, default range (the last 7 days up to today).
    const all = (await suite.http.get('/api/dashboard/people-analytics-report', suite.admin)).json().data
      .reportData;
    expect(all.startDate).toBe('2026-11-14');
    expect(all.endDate).toBe('2026-11-20');
    const inRange = await suite.db
      .selectFrom('counting_hourly')
      .select((eb) => eb.fn.sum<string>('entries').as('e'))
      .where('hour', '>=', new Date('2026-11-14T00:00:00Z'))
      .where('hour', '<', new Date('2026-11-21T00:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(all.summary.totalEntries).toBe(Number(inRange.e));
    expect(all.summary.totalEntries).toBeGreaterThanOrEqual(1100);
  });

  it('a range holding today marks it partial and compares with the previous period cut at the same hour', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-P1' });
    const at = (start: string, end: string, e: number, p: number) =>
      push(counter.secret, windowXml(start, end, e, 0, p), 'application/xml');
    // Now is Friday 20 November 18:00. The previous 7 days are 7-13 November; today is cut at
    // the end of the 18 o'clock hour, so 13 November counts until 19:00 and not after.
    await at('2026-11-08T12:00:00Z', '2026-11-08T12:15:00Z', 40, 60);
    await at('2026-11-13T18:00:00Z', '2026-11-13T18:15:00Z', 10, 40);
    await at('2026-11-13T19:00:00Z', '2026-11-13T19:15:00Z', 900, 0);
    // The range 14-20 November: 30 on Saturday, 25 today so far.
    await at('2026-11-14T12:00:00Z', '2026-11-14T12:15:00Z', 30, 70);
    await at('2026-11-20T17:00:00Z', '2026-11-20T17:15:00Z', 25, 75);

    const get = async (range: string) =>
      (
        await suite.http.get(
          `/api/dashboard/people-analytics-report?${range}&deviceId=${counter.id}`,
          suite.admin,
        )
      ).json().data.reportData;
    const week = await get('startDate=2026-11-14&endDate=2026-11-20');
    expect(week.partialDay).toBe('2026-11-20');
    expect(week.comparedWith).toEqual({ startDate: '2026-11-07', endDate: '2026-11-13', until: '19:00' });
    expect(week.chartData.at(-1)).toMatchObject({ day: '2026-11-20', entries: 25 });
    // 55 against 50 (not 950, the previous week's evening included): +10%; walk-in 27.5% vs 33.3%.
    expect(week.summary.totalEntries).toBe(55);
    expect(week.trends.entriesChange).toEqual({ direction: 'up', value: 10 });
    expect(week.trends.walkInRateChange).toEqual({ direction: 'down', value: 17.4 });

    // A range of whole days (ending yesterday) compares whole days, and nothing is partial.
    const past = await get('startDate=2026-11-13&endDate=2026-11-19');
    expect(past.partialDay).toBeNull();
    expect(past.comparedWith).toEqual({ startDate: '2026-11-06', endDate: '2026-11-12', until: null });
    // 30 + 10 + 900 against 40.
    expect(past.summary.totalEntries).toBe(940);
    expect(past.trends.entriesChange).toEqual({ direction: 'up', value: 2250 });
  });

  it('an empty or inverted range answers zeros and neutral trends, not an error', async () => {
    const empty = await suite.http.get(
      '/api/dashboard/people-analytics-report?startDate=2030-01-01&endDate=2030-01-07',
      suite.admin,
    );
    expect(empty.statusCode).toBe(200);
    const report = empty.json().data.reportData;
    expect(report.summary).toMatchObject({ totalEntries: 0, walkInRate: 0, conversionRate: 0 });
    expect(report.trends.entriesChange).toEqual({ direction: 'neutral', value: 0 });
    expect(report.chartData.every((d: { entries: number }) => d.entries === 0)).toBe(true);

    const inverted = await suite.http.get(
      '/api/dashboard/people-analytics-report?startDate=2026-11-20&endDate=2026-11-14',
      suite.admin,
    );
    expect(inverted.statusCode).toBe(200);
    expect(inverted.json().data.reportData.chartData).toEqual([]);
  });

  it('a push with an unpaired surrogate is read with U+FFFD in its place; a method it then does not know is a 400', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-S1' });
    const body = realTimeJson('2026-11-20T12:00:00Z', 9, 8, 70).replace('"realTime"', '"realTime\\udc00"');
    const res = await push(counter.secret, body, 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      'statisticalMethods must be timeRange or realTime, got "realTime\ufffd"',
    );
    expect(await rawSums(counter.id)).toEqual({ entries: 0, exits: 0, passby: 0 });
  });

  it('hour-of-day figures for a day, and a deviceId that is no counter names the field', async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-H1' });
    await push(
      counter.secret,
      windowXml('2026-11-19T14:00:00Z', '2026-11-19T14:15:00Z', 7, 3, 20),
      'application/xml',
    );
    const res = await suite.http.get(
      `/api/counting/hourly?date=2026-11-19&deviceId=${counter.id}`,
      suite.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().hours).toHaveLength(24);
    expect(res.json().hours[14]).toEqual({ hour: 14, entries: 7, exits: 3, passby: 20 });

    const wrong = await suite.http.get('/api/dashboard/people-analytics-report?deviceId=999999', suite.admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].field).toBe('deviceId');
  });

  it('staff get 403 on every counting endpoint', async () => {
    const staff = await suite.signedIn();
    for (const url of [
      '/api/dashboard/people-analytics-report',
      '/api/counting/hourly',
      '/api/counting/counters',
    ])
      expect((await suite.http.get(url, staff)).statusCode).toBe(403);
  });

  it("the admin's quick stats carry today's foot traffic against the same weekday last week", async () => {
    const counter = await makeCounter(suite.db, { code: 'PC-Q1' });
    await push(
      counter.secret,
      windowXml('2026-11-13T10:00:00Z', '2026-11-13T10:15:00Z', 20, 10, 60),
      'application/xml',
    );
    // Last week after 18:00 does not count against this week's 18:00.
    await push(
      counter.secret,
      windowXml('2026-11-13T19:00:00Z', '2026-11-13T19:15:00Z', 500, 0, 0),
      'application/xml',
    );
    await push(
      counter.secret,
      windowXml('2026-11-20T10:00:00Z', '2026-11-20T10:15:00Z', 30, 10, 90),
      'application/xml',
    );
    const stats = (await suite.http.get('/api/dashboard/quick-stats', suite.admin)).json().quickStats;
    // Earlier tests in this file pushed to other counters today: compare with the rollup itself.
    const today = await suite.db
      .selectFrom('counting_hourly')
      .select((eb) => [eb.fn.sum<string>('entries').as('e'), eb.fn.sum<string>('passby').as('p')])
      .where('hour', '>=', new Date('2026-11-20T00:00:00Z'))
      .where('hour', '<', new Date('2026-11-21T00:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(stats.dailyFootTraffic).toBe(Number(today.e));
    expect(stats.walkInRate).toBe(
      Math.round((Number(today.e) / (Number(today.e) + Number(today.p))) * 1000) / 10,
    );
    expect(stats.footTrafficChange.direction).toBe('up');
  });
});
