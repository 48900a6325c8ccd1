import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { AtriumNode } from './atrium-node';
import { call, LiveSocket, login } from './client';
import { type Cluster, DRAIN_MS, PASSWORD, startCluster } from './cluster';
import { CHECK } from './haproxy';
import { type LoadResult, steadyLoad } from './steady-load';

/**
 * docs/operations.md's promise, kept by real processes: two built Atrium servers on one
 * PostgreSQL behind HAProxy. Run by `npm run test:cluster` (needs haproxy and PostgreSQL).
 */

const serverUrl =
  process.env.CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Cluster;
const sockets: LiveSocket[] = [];
const live = async (base: string, token: string) => {
  const socket = await LiveSocket.join(base, token);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  cluster = await startCluster(serverUrl);
  console.info(
    `HAProxy on ${cluster.haproxy.base}, Atrium a on ${cluster.nodes[0]!.base}, b on ${cluster.nodes[1]!.base}`,
  );
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.cleanUp();
}, 60_000);

describe('two Atrium processes behind HAProxy', () => {
  it('a write through one process reaches live sockets on both', async () => {
    onTestFailed(() => console.error(cluster.logs()));
    const [a, b] = cluster.nodes as [AtriumNode, AtriumNode];
    const watchers = {
      a: await live(a.base, cluster.adminToken),
      b: await live(b.base, cluster.adminToken),
      haproxy: await live(cluster.haproxy.base, cluster.adminToken),
    };
    const sam = cluster.people.sam;
    const token = await login(cluster.haproxy.base, sam.email, PASSWORD);

    const heard = async (action: string) => {
      for (const [where, socket] of Object.entries(watchers)) {
        const message = await socket.next(
          (m) => m.type === 'attendance_update' && m.data.userId === sam.id && m.data.action === action,
          5000,
          `${action} of ${sam.email} on the socket to ${where}`,
        );
        expect(message.type).toBe('attendance_update');
      }
    };
    expect((await call(a.base, 'POST', '/attendance/check-in', token)).status).toBe(200);
    await heard('check_in');
    expect((await call(b.base, 'POST', '/attendance/check-out', token)).status).toBe(200);
    await heard('check_out');
  });

  it('a revoked session is refused by both processes from the moment its revocation is answered', async () => {
    onTestFailed(() => console.error(cluster.logs()));
    const [a, b] = cluster.nodes as [AtriumNode, AtriumNode];
    const me = async (base: string, token: string) => (await call(base, 'GET', '/auth/me', token)).status;
    const cachedByBoth = async (token: string) =>
      expect([await me(a.base, token), await me(b.base, token)]).toEqual([200, 200]);

    // Signing out through either process, the token cached by both beforehand.
    const { lee } = cluster.people;
    for (let round = 0; round < 10; round += 1) {
      const [via, other] = round % 2 === 0 ? [a, b] : [b, a];
      const token = await login(cluster.haproxy.base, lee.email, PASSWORD);
      await cachedByBoth(token);
      expect((await call(via.base, 'POST', '/auth/logout', token)).status).toBe(200);
      // The other process first: the answer came only once it had read the sign-out.
      expect([await me(other.base, token), await me(via.base, token)]).toEqual([401, 401]);
      expect(await me(cluster.haproxy.base, token)).toBe(401);
    }

    // An administrator disabling someone through one process ends their sessions on both,
    // sockets included.
    const { dana } = cluster.people;
    const token = await login(cluster.haproxy.base, dana.email, PASSWORD);
    const danasSockets = [await live(a.base, token), await live(b.base, token)];
    await cachedByBoth(token);
    expect((await call(b.base, 'POST', `/users/${dana.id}/disable`, cluster.adminToken, {})).status).toBe(
      200,
    );
    expect([await me(a.base, token), await me(b.base, token)]).toEqual([401, 401]);
    expect(await me(cluster.haproxy.base, token)).toBe(401);
    expect(await Promise.all(danasSockets.map((s) => s.closed))).toEqual([4403, 4403]);
  });

  it('restarts each process in turn under steady traffic, and not one request fails', async () => {
    onTestFailed(() => console.error(cluster.logs()));
    const sam = await login(cluster.haproxy.base, cluster.people.sam.email, PASSWORD);
    const load = steadyLoad(cluster.haproxy.base, { admin: cluster.adminToken, staff: sam }, 4);
    const timeline: string[] = [];
    let result: LoadResult;
    try {
      await sleep(1000);
      for (const node of cluster.nodes) {
        const pid = node.pid;
        const t0 = Date.now();
        const stopped = node.stop();
        const down = await cluster.waitForState(node.name, 'DOWN');
        const exitCode = await stopped;
        const exited = Date.now();
        expect(exitCode).toBe(0);
        // HAProxy took it out of rotation while it still served: nothing met a closed port.
        expect(down).toBeLessThan(exited);
        const restarted = Date.now();
        await node.start();
        const listening = Date.now();
        const up = await cluster.waitForState(node.name, 'UP');
        load.mark();
        await sleep(1000);
        timeline.push(
          `${node.name} (pid ${pid} -> ${node.pid}): SIGTERM, DOWN in HAProxy after ${down - t0} ms, exited after ` +
            `${exited - t0} ms; started again, listening after ${listening - restarted} ms, UP after ${up - restarted} ms`,
        );
      }
    } finally {
      result = await load.stop();
      console.info(
        [
          `Rolling restart (checks every ${CHECK.interMs} ms, fall ${CHECK.fall}, rise ${CHECK.rise}; SHUTDOWN_DRAIN_MS=${DRAIN_MS}):`,
          ...timeline.map((line) => `  ${line}`),
          `  ${result.requests} requests (${result.writes} writes) through HAProxy, ${result.failures.length} failed; ` +
            `answered by ${JSON.stringify(result.byServer)}`,
          ...result.failures.slice(0, 20).map((f) => `  FAILED ${f.request}: ${f.outcome}`),
        ].join('\n'),
      );
    }
    expect(result.failures).toEqual([]);
    expect(result.byServer.a).toBeGreaterThan(0);
    expect(result.byServer.b).toBeGreaterThan(0);
    // The last restarted process serves its share again.
    expect(result.byServerSinceMark.b).toBeGreaterThan(0);
  });
});
