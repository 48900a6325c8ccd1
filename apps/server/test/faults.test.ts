import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isRunning } from '../src/db/postmaster';
import { type AtriumProcess, startAtrium } from './atrium-process';
import { createUser } from './fixtures';

/**
 * Faults against the real server over real HTTP: its PostgreSQL killed with SIGKILL while
 * requests flow (the process stays up, answers 503 with Retry-After meanwhile, recovers by
 * itself, and loses no write it acknowledged), then SIGTERM under load (every request the
 * server had received is answered, and it exits well inside its grace period).
 */

const KILLS = 3;

let atrium: AtriumProcess;
let token: string;
/** Numbers every request of the file, so the server's log names each one exactly. */
let n = 0;

let socket: WebSocket | undefined;

beforeAll(async () => {
  // A short heartbeat makes the live socket re-check its sessions in the database all the time,
  // so that background work meets the outages too.
  // Every request logged (debug), so the SIGTERM test can tell which the server had received.
  atrium = await startAtrium({ WS_HEARTBEAT_MS: '200', LOG_LEVEL: 'debug' });
  const admin = await createUser(atrium.database(), 'admin');
  const res = await fetch(`${atrium.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { token: string }).token;
  socket = new WebSocket(`${atrium.base.replace('http', 'ws')}/ws`);
  const joined = new Promise<string>((resolve) => socket!.once('message', (data) => resolve(String(data))));
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'join', token }));
  expect(JSON.parse(await joined).type).toBe('joined');
}, 120_000);

afterAll(async () => {
  socket?.terminate();
  await atrium?.cleanUp();
}, 60_000);

interface Outcome {
  /** The request's number, sent as ?n= so the server's request log names it. */
  n: number;
  /** 'aborted': the client gave up on purpose (an 'abort' loop), which is no failure. */
  status: number | 'network' | 'aborted';
  retryAfter: string | null;
  at: number;
  error?: string;
}

type Kind = 'read' | 'write' | 'abort';

/**
 * Requests from a few loops at once until stopped; every answer is kept. An 'abort' loop sends
 * reads and hangs up on them at once, as a closed browser tab does, often while the server is
 * still checking the token.
 */
function load(kinds: Kind[]) {
  const outcomes: Outcome[] = [];
  const acknowledged: number[] = [];
  let stopped = false;
  const auth = { authorization: `Bearer ${token}` };
  const once = async (kind: Kind) => {
    const i = ++n;
    const hangUp = new AbortController();
    const request =
      kind === 'write'
        ? fetch(`${atrium.base}/api/leave/policies?n=${i}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `Fault policy ${i}`,
              leaveCode: `F${i}`,
              maxDays: 1,
              carryForward: false,
              requiresApproval: true,
            }),
          })
        : fetch(`${atrium.base}/api/leave/policies?n=${i}`, { headers: auth, signal: hangUp.signal });
    if (kind === 'abort') setTimeout(() => hangUp.abort(), 2);
    try {
      const res = await request;
      const body = (await res.json().catch(() => undefined)) as { policy?: { id: number } } | undefined;
      if (kind === 'write' && res.status === 201 && body?.policy) acknowledged.push(body.policy.id);
      outcomes.push({ n: i, status: res.status, retryAfter: res.headers.get('retry-after'), at: Date.now() });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      if (hangUp.signal.aborted) {
        outcomes.push({ n: i, status: 'aborted', retryAfter: null, at: Date.now() });
        return;
      }
      outcomes.push({
        n: i,
        status: 'network',
        retryAfter: null,
        at: Date.now(),
        error: cause?.code ?? String(error),
      });
    }
  };
  const loops = kinds.map(async (kind) => {
    while (!stopped) await once(kind);
  });
  return {
    outcomes,
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Waits until `done` holds, re-checking whenever another answer arrives. */
async function until(outcomes: Outcome[], done: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  let seen = outcomes.length;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (atrium.child.exitCode !== null) throw new Error(`Atrium exited while waiting for ${what}`);
    // Each loop iteration is paced by the server's answers, not by a timer.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (outcomes.length !== seen || Date.now() > deadline) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    seen = outcomes.length;
  }
}

/** The postmaster's pid, or undefined while its lock file is being rewritten. */
function currentPostmaster(): number | undefined {
  try {
    return atrium.postmasterPid();
  } catch {
    return undefined;
  }
}

describe('faults', () => {
  it(`survives ${KILLS} kills of its PostgreSQL under load and loses no acknowledged write`, async () => {
    const traffic = load(['write', 'write', 'read', 'read']);
    let survived = 0;
    try {
      for (let kill = 1; kill <= KILLS; kill += 1) {
        // A good number of writes succeed before each kill.
        const before = traffic.outcomes.length;
        await until(
          traffic.outcomes,
          () => traffic.outcomes.slice(before).filter((o) => o.status === 201).length >= 20,
          30_000,
          'writes',
        );
        const pid = atrium.postmasterPid();
        const killedAt = Date.now();
        process.kill(pid, 'SIGKILL');
        const after = () => traffic.outcomes.filter((o) => o.at > killedAt);
        await until(
          traffic.outcomes,
          () => after().some((o) => o.status === 503),
          30_000,
          'a 503 during the outage',
        );
        // Recovered: a new postmaster runs, and writes succeed through it. (Backends of the old
        // one can serve their open connections for a moment after it died; those do not count.)
        let restartedAt = 0;
        await until(
          traffic.outcomes,
          () => {
            if (!restartedAt) {
              const now = currentPostmaster();
              if (now !== undefined && now !== pid && isRunning(now)) restartedAt = Date.now();
              return false;
            }
            return traffic.outcomes.some((o) => o.at > restartedAt && o.status === 201);
          },
          60_000,
          'recovery after the outage',
        );
        expect(atrium.child.exitCode).toBeNull();
        survived += 1;
      }
    } finally {
      await traffic.stop();
    }
    const statuses = new Map<string, number>();
    for (const o of traffic.outcomes)
      statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
    console.info(`faults: survived ${survived} of ${KILLS} PostgreSQL kills;`, Object.fromEntries(statuses));

    // Every failure during an outage was a 503 that says when to come back; nothing else failed.
    const failures = traffic.outcomes.filter((o) => o.status !== 200 && o.status !== 201);
    expect(failures.filter((o) => o.status !== 503)).toEqual([]);
    expect(failures.every((o) => o.retryAfter !== null && Number(o.retryAfter) > 0)).toBe(true);
    const health = await fetch(`${atrium.base}/api/health`);
    expect(health.status).toBe(200);

    // Every write the server acknowledged is in the database.
    const stored = await atrium
      .database()
      .selectFrom('leave_policies')
      .select('id')
      .where('id', 'in', traffic.acknowledged)
      .execute();
    expect(traffic.acknowledged.length).toBeGreaterThan(0);
    expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [...traffic.acknowledged].sort((a, b) => a - b),
    );
  }, 240_000);

  it('answers 503 on /api/health while the database is down', async () => {
    // The watcher restarts PostgreSQL within about a second: ask right after the kill.
    const pid = atrium.postmasterPid();
    process.kill(pid, 'SIGKILL');
    let sawOutage = false;
    for (let i = 0; i < 200 && !sawOutage; i += 1) {
      const res = await fetch(`${atrium.base}/api/health`);
      sawOutage = res.status === 503;
    }
    expect(sawOutage).toBe(true);
    let back = false;
    for (const deadline = Date.now() + 60_000; !back && Date.now() < deadline; ) {
      back = (await fetch(`${atrium.base}/api/health`)).status === 200;
    }
    expect(back).toBe(true);
  }, 90_000);

  it('stops on SIGTERM under load: every received request answered, well inside the grace period', async () => {
    const traffic = load(['read', 'read', 'read', 'write', 'write', 'read', 'abort', 'abort']);
    await until(traffic.outcomes, () => traffic.outcomes.length >= 40, 30_000, 'load');
    const postmaster = atrium.postmasterPid();
    const signalledAt = performance.now();
    atrium.child.kill('SIGTERM');
    const code = await atrium.exited;
    const stopMs = performance.now() - signalledAt;
    await traffic.stop();

    // The requests the server had received before the signal: it logged them, in order.
    const signalLine = atrium.lines.findIndex((line) =>
      line.includes('SIGTERM: finishing in-flight requests'),
    );
    expect(signalLine).toBeGreaterThan(0);
    const received = new Set<number>();
    for (const line of atrium.lines.slice(0, signalLine)) {
      const match = /"url":"\/api\/leave\/policies\?n=(\d+)"/.exec(line);
      if (match && line.includes('incoming request')) received.add(Number(match[1]));
    }
    const inFlightFailed = traffic.outcomes.filter(
      (o) => received.has(o.n) && o.status !== 200 && o.status !== 201 && o.status !== 'aborted',
    );
    // Requests sent as the server stopped may be refused (503, connection refused or closed);
    // none may fail in any other way.
    const failed = traffic.outcomes.filter(
      (o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503,
    );
    console.info(
      `faults: SIGTERM under load: exit ${code} after ${Math.round(stopMs)} ms, ${received.size} requests received before the signal, ${inFlightFailed.length} of them failed`,
    );
    expect(inFlightFailed).toEqual([]);
    expect(failed).toEqual([]);
    expect(received.size).toBeGreaterThan(0);
    expect(code).toBe(0);
    // The grace period is 10 s; a stop that waited on a lost request would take all of it.
    expect(stopMs).toBeLessThan(8_000);
    // No orphan: its PostgreSQL stopped with it.
    expect(isRunning(postmaster)).toBe(false);
  }, 60_000);
});
