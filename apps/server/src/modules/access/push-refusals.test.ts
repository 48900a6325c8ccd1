import { describe, expect, it } from 'vitest';
import {
  type AccessTestApp,
  cardEvent,
  eventsOf,
  push,
  type TestDoor,
  useAccessSuite,
} from '../../../test/access';
import type { TestDatabase } from '../../../test/context';
import { jsonEvent, multipartEvent, type SimEvent, xmlEvent } from '../../devices/hikvision/simulator/bodies';

// What a device pushing garbage gets: a 4xx naming the body, never a 5xx, and nothing stored.
let database: TestDatabase;
let t: AccessTestApp;
let main: TestDoor;
useAccessSuite('R', (s) => {
  ({ database, t } = s);
  ({ main } = s.doors);
});

const at = (iso: string) => new Date(iso);

describe('refusals', () => {
  it('answers 401 without detail to an unknown token, and stores nothing', async () => {
    const e = cardEvent(main.code, at('2026-11-20T14:00:00Z'));
    const res = await push(t.url, 'A'.repeat(43), jsonEvent(e), 'application/json');
    expect(res.status).toBe(401);
    expect(res.json().error.message).toBe('Unauthorized');
    const short = await push(t.url, 'nope', jsonEvent(e), 'application/json');
    expect(short.status).toBe(401);
  });

  it.each([
    ['broken JSON', '{"eventType": "AccessControllerEvent", ', 'application/json'],
    ['broken XML', '<EventNotificationAlert><eventType>Access', 'application/xml'],
    ['XML of something else', '<Other/>', 'application/xml'],
    [
      'no event codes',
      JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: '2026-11-20T08:00:00Z',
        AccessControllerEvent: {},
      }),
      'application/json',
    ],
    [
      'a bad time',
      JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: 'yesterday',
        AccessControllerEvent: { majorEventType: 5, subEventType: 1 },
      }),
      'application/json',
    ],
    [
      'a year far away',
      JSON.stringify({
        eventType: 'AccessControllerEvent',
        dateTime: '1970-01-01T00:00:00Z',
        AccessControllerEvent: { majorEventType: 5, subEventType: 1 },
      }),
      'application/json',
    ],
    ['multipart without its boundary', '--abc\r\n\r\n{}', 'multipart/form-data'],
    ['an empty body', '', 'application/json'],
    ['plain text', 'hello', 'text/plain'],
  ])(
    'answers 400 naming the body for %s, keeps it for diagnosis, stores no event',
    async (_name, body, type) => {
      const before = (await eventsOf(database.db, main.id)).length;
      const res = await push(t.url, main.secret, body, type);
      expect(res.status).toBe(400);
      expect(res.json().error.details[0]).toMatchObject({ field: 'body' });
      expect(await eventsOf(database.db, main.id)).toHaveLength(before);
      if (body) {
        const kept = await database.db
          .selectFrom('device_push_rejects')
          .selectAll()
          .where('device_ref', '=', main.id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(kept.body_excerpt).toBe(body.slice(0, 4096));
      }
    },
  );

  it('answers 413 to a body over 2 MB', async () => {
    const res = await push(t.url, main.secret, Buffer.alloc(2 * 1024 * 1024 + 10, 0x20), 'application/json');
    expect(res.status).toBe(413);
  });

  it.each([
    [
      'a JSON escape',
      (e: SimEvent) => ({ body: jsonEvent({ ...e, name: 'x\ud800y' }), contentType: 'application/json' }),
    ],
    [
      'an XML character reference',
      (e: SimEvent) => ({
        body: xmlEvent(e).replace(/<name>[^<]*</, '<name>x&#xD800;y<'),
        contentType: 'application/xml',
      }),
    ],
    ['a multipart event', (e: SimEvent) => multipartEvent({ ...e, name: 'x\udc00y' })],
  ])(
    'stores an event whose name holds an unpaired surrogate, from %s, mended to U+FFFD',
    async (_how, make) => {
      const e = cardEvent(main.code, at('2026-11-20T14:06:00Z'), { name: 'Ada' });
      const { body, contentType } = make(e);
      const res = await push(t.url, main.secret, body, contentType);
      expect(res.status).toBe(200);
      const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
      expect(JSON.stringify(row?.raw)).toContain('"x\ufffdy"');
    },
  );

  it('stores an event over 16 KB whose stored excerpt is cut inside an emoji', async () => {
    const e = cardEvent(main.code, at('2026-11-20T14:07:00Z'));
    const doc = JSON.parse(jsonEvent(e));
    // The excerpt is the first 16,000 characters of the event's JSON: put the cut inside a pair.
    const head = JSON.stringify({ ...doc, note: '' }).length - 2;
    const body = JSON.stringify({
      ...doc,
      note: `${'a'.repeat(16_000 - head - 21)}${'\u{1F600}'.repeat(400)}`,
    });
    expect(body.charCodeAt(15_999)).toBe(0xd83d);
    const res = await push(t.url, main.secret, body, 'application/json');
    expect(res.status).toBe(200);
    const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
    expect(row?.raw).toMatchObject({ truncated: true });
    expect((row!.raw as { excerpt: string }).excerpt.endsWith('\u{1F600}\ufffd')).toBe(true);
  });

  it.each(['2026-02-30T10:00:00+00:00', '2026-11-20T24:30:00Z', '2026-13-01T08:00:00'])(
    'answers 400 to an impossible device time, %s',
    async (dateTime) => {
      const e = cardEvent(main.code, at('2026-11-20T14:08:00Z'), { dateTime });
      const res = await push(t.url, main.secret, jsonEvent(e), 'application/json');
      expect(res.status).toBe(400);
      expect(res.json().error.message).toBe(
        `The event could not be read: dateTime is not a real time: "${dateTime}"`,
      );
      expect((await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo)).toBeUndefined();
    },
  );

  it('strips NUL and control characters instead of failing', async () => {
    const e = cardEvent(main.code, at('2026-11-20T14:10:00Z'), { cardNo: `12\u000034`, name: 'A\u0000B' });
    const res = await push(t.url, main.secret, jsonEvent(e), 'application/json');
    expect(res.status).toBe(200);
    const row = (await eventsOf(database.db, main.id)).find((r) => r.serial_no === e.serialNo);
    expect(row?.card_no).toBe('1234');
  });

  it('leaves the rest of /api refusing XML', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(res.status).toBe(415);
  });
});
