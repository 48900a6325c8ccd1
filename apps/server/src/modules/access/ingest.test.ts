import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  badgeOf,
  cardEvent,
  eventsOf,
  push,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { eventually } from '../../../test/eventually';
import { makeUser, type TestUser } from '../../../test/factories';
import type { DomainEvent } from '../../core/events/bus';
import {
  encode,
  heartbeatXml,
  jsonEvent,
  TINY_JPEG,
  xmlEvent,
} from '../../devices/hikvision/simulator/bodies';

let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
let server: TestDoor;
let person: TestUser;
let badge: { employee_number: string; badge_number: string };

useAccessSuite('I', (s) => {
  ({ database, t } = s);
  ({ main, server } = s.doors);
});
beforeAll(async () => {
  person = await makeUser(database.db, { firstName: 'Jamie', lastName: 'Carter' });
  badge = await badgeOf(database.db, person.id);
});

const at = (iso: string) => new Date(iso);

describe('the three body forms', () => {
  it('stores a JSON event, resolving the person by employee number', async () => {
    const e = cardEvent(main.code, at('2026-11-20T08:57:12Z'), {
      employeeNo: badge.employee_number,
      serialNo: 18234,
    });
    const res = await push(t.url, main.secret, jsonEvent(e), 'application/json');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ statusCode: 1, statusString: 'OK', result: 'stored' });
    const [row] = (await eventsOf(database.db, main.id)).filter((r) => r.serial_no === 18234);
    expect(row).toMatchObject({
      user_id: person.id,
      kind: 'granted',
      action: 'entry',
      major: 5,
      minor: 1,
      backlog: false,
      access_point_id: main.accessPointId,
      device_code: main.code,
    });
    expect(new Date(row!.occurred_at).toISOString()).toBe('2026-11-20T08:57:12.000Z');
  });

  it('accepts the JSON wrapped in EventNotificationAlert and a card number only', async () => {
    const e = cardEvent(main.code, at('2026-11-20T09:00:00Z'), { cardNo: badge.badge_number, readerNo: 2 });
    const res = await push(t.url, main.secret, jsonEvent(e, true), 'application/json');
    expect(res.status).toBe(200);
    const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
    // Reader 2 of a two-way door is the way out.
    expect(row).toMatchObject({ user_id: person.id, action: 'exit', card_no: badge.badge_number });
  });

  it('stores an XML event with the ISAPI namespace and a one-digit offset', async () => {
    const e = cardEvent(server.code, at('2026-11-20T10:00:00Z'), {
      minor: 75,
      employeeNo: badge.employee_number,
      verifyMode: 'face',
    });
    const body = xmlEvent(e).replace('2026-11-20T10:00:00+00:00', '2026-11-20T05:00:00-5:00');
    const res = await push(t.url, server.secret, body, 'text/xml');
    expect(res.status).toBe(200);
    const row = (await eventsOf(database.db, server.id)).find((r) => r.serial_no === e.serialNo);
    expect(row).toMatchObject({ user_id: person.id, kind: 'granted', action: 'entry', verify_mode: 'face' });
    expect(new Date(row!.occurred_at).toISOString()).toBe('2026-11-20T10:00:00.000Z');
  });

  it('stores a multipart event with its picture, which an admin can fetch', async () => {
    const e = cardEvent(main.code, at('2026-11-20T11:00:00Z'), {
      employeeNo: badge.employee_number,
      picture: TINY_JPEG,
    });
    const { body, contentType } = encode(e, 'multipart');
    const res = await push(t.url, main.secret, body, contentType);
    expect(res.status).toBe(200);
    const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
    expect(row?.picture_path).toMatch(/\.jpg$/);
  });

  it('writes no picture again for a resend of an event it just stored', async () => {
    const e = cardEvent(main.code, at('2026-11-20T11:01:00Z'), { picture: TINY_JPEG });
    const { body, contentType } = encode(e, 'multipart');
    expect((await push(t.url, main.secret, body, contentType)).json().result).toBe('stored');
    const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
    const file = path.join(t.picturesDir, row!.picture_path!);
    await rm(file);
    expect((await push(t.url, main.secret, body, contentType)).json().result).toBe('duplicate');
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it('takes the event part whatever it is named, as XML without its own content type', async () => {
    const e = cardEvent(main.code, at('2026-11-20T11:05:00Z'), { cardNo: badge.badge_number });
    const boundary = 'xYzZY';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="AccessControllerEvent"\r\n\r\n`),
      Buffer.from(xmlEvent(e)),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await push(t.url, main.secret, body, `multipart/form-data; boundary=${boundary}`);
    expect(res.status).toBe(200);
    expect((await eventsOf(database.db, main.id)).some((r) => r.serial_no === e.serialNo)).toBe(true);
  });
});

describe('duplicates, replays and order', () => {
  it('stores an event sent ten times once', async () => {
    const e = cardEvent(server.code, at('2026-11-20T12:00:00Z'), { cardNo: badge.badge_number });
    const results = [];
    for (let i = 0; i < 10; i += 1)
      results.push(await push(t.url, server.secret, jsonEvent(e), 'application/json'));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.map((r) => r.json().result)).toEqual(['stored', ...Array(9).fill('duplicate')]);
    expect((await eventsOf(database.db, server.id)).filter((r) => r.serial_no === e.serialNo)).toHaveLength(
      1,
    );
  });

  it('stores concurrent copies of the same event once, in all three forms', async () => {
    const e = cardEvent(server.code, at('2026-11-20T12:01:00Z'), { cardNo: badge.badge_number });
    const forms = ['json', 'xml', 'multipart'] as const;
    const sends = Array.from({ length: 30 }, (_, i) => {
      const { body, contentType } = encode(e, forms[i % 3]!);
      return push(t.url, server.secret, body, contentType);
    });
    const results = await Promise.all(sends);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.json().result === 'stored')).toHaveLength(1);
    expect((await eventsOf(database.db, server.id)).filter((r) => r.serial_no === e.serialNo)).toHaveLength(
      1,
    );
  });

  it('answers a copy sent while the first is being written from that write, writing nothing more', async () => {
    const e = cardEvent(server.code, at('2026-11-23T12:00:00Z'), { cardNo: '5555555555' });
    // The day's counters exist; a transaction holding the counters' rows keeps the first write waiting.
    await push(
      t.url,
      server.secret,
      jsonEvent(cardEvent(server.code, at('2026-11-23T11:00:00Z'))),
      'application/json',
    );
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    await sql`CREATE TABLE test_event_inserts (at timestamptz DEFAULT now());
      CREATE FUNCTION test_count_event_insert() RETURNS trigger LANGUAGE plpgsql AS
        'BEGIN INSERT INTO test_event_inserts DEFAULT VALUES; RETURN NULL; END';
      CREATE TRIGGER test_count_event_inserts AFTER INSERT ON access_events
        FOR EACH STATEMENT EXECUTE FUNCTION test_count_event_insert()`.execute(database.db);
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM access_daily_counts FOR UPDATE');
      const first = push(t.url, server.secret, jsonEvent(e), 'application/json');
      await eventually(
        async () => {
          const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
          return waiting.rows[0]!.n > 0;
        },
        5000,
        'the first write to wait for the lock',
      );
      const { body, contentType } = encode(e, 'xml');
      const copy = push(t.url, server.secret, body, contentType);
      await new Promise((r) => setTimeout(r, 300));
      await lock.query('COMMIT');
      const results = await Promise.all([first, copy]);
      expect(results.map((r) => [r.status, r.json().result])).toEqual([
        [200, 'stored'],
        [200, 'duplicate'],
      ]);
      const inserts = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_event_inserts`.execute(
        database.db,
      );
      expect(inserts.rows[0]!.n).toBe(1);
    } finally {
      await lock.end();
      await sql`DROP TRIGGER test_count_event_inserts ON access_events;
        DROP FUNCTION test_count_event_insert(); DROP TABLE test_event_inserts`.execute(database.db);
    }
  });

  it('marks replayed events as backlog, and takes them out of order', async () => {
    const base = 70_000;
    const events = [3, 1, 2].map((n) =>
      cardEvent(server.code, at(`2026-11-19T0${n}:00:00Z`), {
        serialNo: base + n,
        cardNo: badge.badge_number,
        currentEvent: false,
      }),
    );
    for (const e of events)
      expect((await push(t.url, server.secret, xmlEvent(e), 'application/xml')).status).toBe(200);
    const rows = (await eventsOf(database.db, server.id)).filter((r) => (r.serial_no ?? 0) > base);
    expect(rows.map((r) => [r.serial_no, r.backlog])).toEqual([
      [base + 1, true],
      [base + 2, true],
      [base + 3, true],
    ]);
  });
});

describe('a connection of its own', () => {
  it('stores pushes, with their attendance, while reads hold every pooled connection', async () => {
    const robin = await makeUser(database.db, { firstName: 'Robin', lastName: 'Hale' });
    const robinBadge = await badgeOf(database.db, robin.id);
    await push(
      t.url,
      main.secret,
      jsonEvent(cardEvent(main.code, at('2026-11-23T07:00:00Z'))),
      'application/json',
    );
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<unknown>[] = [];
    let holding = 0;
    for (let i = 0; i < 10; i += 1)
      held.push(
        database.db.connection().execute(async () => {
          holding += 1;
          await gate;
        }),
      );
    try {
      await expect.poll(() => holding).toBe(10);
      const e = cardEvent(main.code, at('2026-11-23T08:01:00Z'), { employeeNo: robinBadge.employee_number });
      const res = await push(t.url, main.secret, jsonEvent(e), 'application/json');
      expect(res.status).toBe(200);
      expect(res.json().result).toBe('stored');
    } finally {
      release();
      await Promise.all(held);
    }
    const record = await database.db
      .selectFrom('attendance_records')
      .select(['source', 'check_in_time'])
      .where('user_id', '=', robin.id)
      .where('date', '=', '2026-11-23')
      .executeTakeFirst();
    expect(record).toEqual({ source: 'badge', check_in_time: at('2026-11-23T08:01:00Z') });
  });
});

describe('what devices report', () => {
  it('keeps an unknown card, with no person', async () => {
    const e = cardEvent(server.code, at('2026-11-20T13:00:00Z'), { cardNo: '9999999999', minor: 9 });
    expect((await push(t.url, server.secret, jsonEvent(e), 'application/json')).status).toBe(200);
    const row = (await eventsOf(database.db, server.id)).find((r) => r.serial_no === e.serialNo);
    expect(row).toMatchObject({ user_id: null, card_no: '9999999999', kind: 'denied', action: null });
    const alert = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('access_event_id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ source: 'access', kind: 'access_denied', device_id: server.code });
    expect(alert.message).toContain('card 9999999999');
  });

  it('keeps an unknown code with its numbers', async () => {
    const e = cardEvent(server.code, at('2026-11-20T13:05:00Z'), { major: 5, minor: 999 });
    expect((await push(t.url, server.secret, jsonEvent(e), 'application/json')).status).toBe(200);
    const row = (await eventsOf(database.db, server.id)).find((r) => r.serial_no === e.serialNo);
    expect(row).toMatchObject({ major: 5, minor: 999, kind: 'device', action: null });
  });

  it('raises an alert for a forced door, stored once however often it is sent', async () => {
    const e = cardEvent(main.code, at('2026-11-20T13:10:00Z'), { major: 5, minor: 27, readerNo: undefined });
    for (let i = 0; i < 3; i += 1) await push(t.url, main.secret, jsonEvent(e), 'application/json');
    const alerts = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('kind', '=', 'door_forced_open')
      .where('device_id', '=', main.code)
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: 'high', acknowledged_at: null, resolved_at: null });
  });

  it('mails a forced door to the active administrators who opted in, and to nobody else', async () => {
    const [optedIn, optedOut, gone, staff] = await Promise.all([
      makeUser(database.db, { role: 'admin' }),
      makeUser(database.db, { role: 'admin' }),
      makeUser(database.db, { role: 'admin' }),
      makeUser(database.db, { role: 'staff' }),
    ]);
    // A staff member flagged in the database directly (the API refuses it) is still not mailed.
    await database.db
      .updateTable('users')
      .set({ mail_device_alerts: true })
      .where('id', 'in', [optedIn.id, gone.id, staff.id])
      .execute();
    await database.db.updateTable('users').set({ active: false }).where('id', '=', gone.id).execute();
    const e = cardEvent(server.code, at('2026-11-20T13:15:00Z'), {
      major: 5,
      minor: 27,
      readerNo: undefined,
    });
    for (let i = 0; i < 2; i += 1) await push(t.url, server.secret, jsonEvent(e), 'application/json');
    const mails = await database.db
      .selectFrom('mail_outbox')
      .select(['user_id', 'subject', 'text_body'])
      .where('kind', '=', 'door_forced_open')
      .where('user_id', 'in', [optedIn.id, optedOut.id, gone.id, staff.id])
      .execute();
    // Once, though the event came twice: the copy raised no alert.
    expect(mails.map((m) => m.user_id)).toEqual([optedIn.id]);
    expect(mails[0]!.subject).toContain('Door forced open');
    expect(mails[0]!.text_body).toContain('Server Room Door');
  });

  it('tells events without a serial number apart by their content', async () => {
    const a = cardEvent(main.code, at('2026-11-20T13:20:00Z'), {
      major: 1,
      minor: 1028,
      serialNo: undefined,
    });
    const b = { ...a, dateTime: a.dateTime.replace('13:20:00', '13:21:00') };
    for (const e of [a, a, b])
      expect((await push(t.url, main.secret, jsonEvent(e), 'application/json')).status).toBe(200);
    const rows = (await eventsOf(database.db, main.id)).filter((r) => r.major === 1 && r.minor === 1028);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.serial_no === null && r.event_key < 0)).toBe(true);
  });

  it('at a door that does not count for attendance: presence, the day counters, alerts and live messages', async () => {
    const live: DomainEvent[] = [];
    const stop = t.bus.subscribe((e) => live.push(e));
    const day = async () =>
      (await database.db
        .selectFrom('access_daily_counts')
        .selectAll()
        .where('day', '=', '2026-11-21')
        .executeTakeFirst()) ?? { entries: 0, denied: 0 };
    const before = await day();
    const passage = cardEvent(server.code, at('2026-11-21T10:00:00Z'), { cardNo: badge.badge_number });
    const denied = cardEvent(server.code, at('2026-11-21T10:01:00Z'), { cardNo: '8888888888', minor: 6 });
    const replayed = cardEvent(server.code, at('2026-11-21T09:00:00Z'), {
      cardNo: '7777777777',
      minor: 6,
      currentEvent: false,
    });
    for (const e of [passage, denied, replayed, passage])
      expect((await push(t.url, server.secret, jsonEvent(e), 'application/json')).status).toBe(200);

    const rows = (await eventsOf(database.db, server.id)).filter((r) =>
      [passage, denied, replayed].some((e) => e.serialNo === r.serial_no),
    );
    const idOf = (e: { serialNo?: number }) => rows.find((r) => r.serial_no === e.serialNo)!.id;
    const presence = await database.db
      .selectFrom('access_presence')
      .selectAll()
      .where('user_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(presence).toMatchObject({ last_action: 'entry', access_point_id: server.accessPointId });
    expect(Number(presence.event_id)).toBe(Number(idOf(passage)));
    const after = await day();
    expect([after.entries - before.entries, after.denied - before.denied]).toEqual([1, 2]);
    const alerts = await database.db
      .selectFrom('alerts')
      .selectAll()
      .where('access_event_id', 'in', [idOf(denied), idOf(replayed)])
      .orderBy('id')
      .execute();
    expect(alerts.map((a) => a.message)).toEqual([
      `Access denied: no permission (card 8888888888) at Server Room Door I`,
      `Access denied: no permission (card 7777777777) at Server Room Door I`,
    ]);

    // This test's messages: earlier tests' door messages may still be arriving (they go out up to
    // 25 ms after their commit), and only this test's events happened on 2026-11-21.
    const ofThisTest = (e: DomainEvent) =>
      e.kind === 'live' &&
      ['access_log_update', 'device_event', 'access_alert'].includes(e.type) &&
      JSON.stringify(e).includes(server.code) &&
      JSON.stringify(e).includes('"2026-11-21T');
    await expect
      .poll(() => live.filter((e) => ofThisTest(e) && e.kind === 'live' && e.type === 'device_event').length)
      .toBe(1);
    stop();
    const mine = live.filter(ofThisTest);
    // The passage once, the denied card's alert and event; the replayed one raises no toast.
    expect(mine.map((e) => (e.kind === 'live' ? e.type : e.kind))).toEqual([
      'access_log_update',
      'access_alert',
      'device_event',
    ]);
    expect(mine[0]).toMatchObject({
      data: { user: { id: person.id, name: 'Jamie Carter' }, action: 'entry', log_id: Number(idOf(passage)) },
      audience: { userIds: [person.id], admins: true },
    });
    expect(mine[1]).toMatchObject({
      data: { id: Number(alerts[0]!.id), kind: 'access_denied', severity: 'medium', device_id: server.code },
    });
  });

  it('treats a heartbeat as a sign of life only', async () => {
    const before = (await eventsOf(database.db, main.id)).length;
    await database.db
      .updateTable('devices')
      .set({ last_seen_at: new Date('2026-01-01') })
      .where('id', '=', main.id)
      .execute();
    const res = await push(
      t.url,
      main.secret,
      heartbeatXml('10.1.2.31', '2026-11-20T13:30:00+00:00'),
      'application/xml',
    );
    expect(res.json().result).toBe('heartbeat');
    expect(await eventsOf(database.db, main.id)).toHaveLength(before);
    const device = await database.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', main.id)
      .executeTakeFirstOrThrow();
    expect(new Date(device.last_seen_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
