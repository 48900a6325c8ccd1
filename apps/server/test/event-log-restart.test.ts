import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DomainEvent } from '../src/core/events/bus';
import { createDb, ensureDatabase, withDatabase } from '../src/db/connection';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { ReportsPool } from '../src/db/reports-pool';
import { startTestApp, type TestApp, type TestDatabase, testReportsPool } from './context';
import { createUser, login } from './fixtures';

/**
 * Two server processes' worth of app on one PostgreSQL, with live sockets on both, while events
 * are published through both and PostgreSQL is killed and comes back: every socket receives every
 * event committed before, during and after that it should, once, in the log's order.
 */

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-event-log-'));
let server: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
const databases: TestDatabase[] = [];
const apps: TestApp[] = [];

beforeAll(async () => {
  server = await startEmbeddedPostgres(dataDir, { ephemeral: true, watchMs: 200, log: () => {} });
  await ensureDatabase(server.url, 'atrium');
  const url = withDatabase(server.url, 'atrium');
  for (let i = 0; i < 2; i += 1) {
    // Its own pool each: two processes.
    const db = createDb(url);
    if (i === 0) await migrate(db);
    const reports = new ReportsPool(url, testReportsPool);
    databases.push({
      db,
      reports,
      url,
      connect: (max) => createDb(url, max),
      drop: async () => {
        await db.destroy();
        await reports.close();
      },
    });
    apps.push(await startTestApp(databases[i]!));
  }
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.drop();
  await server?.stop();
}, 60_000);

interface Listener {
  name: string;
  received: { id: number; seq: number }[];
  socket: WebSocket;
}

async function listenOn(app: TestApp, token: string, name: string): Promise<Listener> {
  await app.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
  const port = (app.app.server.address() as AddressInfo).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const listener: Listener = { name, received: [], socket };
  const joined = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data: { id: number }; seq?: number };
      if (message.type === 'joined') resolve();
      if (message.type === 'device_status')
        listener.received.push({ id: message.data.id, seq: message.seq! });
    }),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'join', token }));
  await joined;
  return listener;
}

const numbered = (id: number, staffId: number): DomainEvent => ({
  kind: 'live',
  type: 'device_status',
  data: { id, deviceId: `HK-${id}`, status: 'online', last_seen_at: null },
  // Every third one to the staff member too; all to the admins.
  audience: id % 3 === 0 ? { admins: true, userIds: [staffId] } : { admins: true },
});

function postmasterPid(): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('the event log across a PostgreSQL restart', () => {
  it('delivers every committed event to every socket that should have it, once, in order', async () => {
    const db = databases[0]!.db;
    const admin = await createUser(db, 'admin');
    const staff = await createUser(db, 'staff');
    const adminToken = (await login(apps[0]!.app, admin)).token;
    const staffToken = (await login(apps[1]!.app, staff)).token;
    const listeners = [
      await listenOn(apps[0]!, adminToken, 'admin on one'),
      await listenOn(apps[1]!, adminToken, 'admin on two'),
      await listenOn(apps[1]!, staffToken, 'staff on two'),
    ];

    // Publishes through both processes in turn until stopped; a publish that fails (the
    // database is down) is tried again with a new id, so whether an ambiguous one committed is
    // read back from the log, not assumed.
    let stop = false;
    let next = 0;
    let failures = 0;
    let successes = 0;
    const writer = (async () => {
      while (!stop) {
        const id = ++next;
        await apps[id % 2]!.bus.publish(numbered(id, staff.id), databases[id % 2]!.db).then(
          () => {
            successes += 1;
          },
          () => {
            failures += 1;
            return new Promise((resolve) => setTimeout(resolve, 50));
          },
        );
      }
    })();
    const succeeded = async (count: number) => {
      const deadline = Date.now() + 60_000;
      for (const start = successes; successes < start + count; ) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} publishes succeeded`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    await succeeded(60);
    process.kill(postmasterPid(), 'SIGKILL');
    // Through the outage and the watcher's restart, until publishing works again, and on.
    await succeeded(60);
    stop = true;
    await writer;

    const logged = await sql<{ seq: number; event: DomainEvent }>`
      SELECT e.seq, e.event FROM event_log e JOIN event_log_commit c USING (txid)
      WHERE e.event->>'type' = 'device_status' ORDER BY c.pos, e.seq`.execute(db);
    const all = logged.rows.map((r) => ({ id: (r.event as { data: { id: number } }).data.id, seq: r.seq }));
    const expected: Record<string, typeof all> = {
      'admin on one': all,
      'admin on two': all,
      'staff on two': all.filter((e) => e.id % 3 === 0),
    };
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      if (listeners.every((l) => l.received.length >= expected[l.name]!.length)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    console.info(
      `event log restart: ${all.length} events committed, ${failures} publishes failed during the outage;`,
      listeners.map((l) => `${l.name} received ${l.received.length}`).join(', '),
    );
    expect(failures).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(120);
    for (const listener of listeners)
      expect({ [listener.name]: listener.received }).toEqual({ [listener.name]: expected[listener.name] });
    for (const listener of listeners) listener.socket.close();
  }, 180_000);
});
