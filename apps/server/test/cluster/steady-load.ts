import { call } from './client';

export interface Failure {
  at: number;
  request: string;
  outcome: string;
}

export interface LoadResult {
  requests: number;
  writes: number;
  failures: Failure[];
  /** Answers per server that answered (HAProxy's X-Atrium-Server), over the whole run. */
  byServer: Record<string, number>;
  /** The same since `mark()` was last called. */
  byServerSinceMark: Record<string, number>;
}

type Request = { method: string; path: string; token: string; body?: object; write?: boolean };

/**
 * Clients that each send one request after another through the balancer until stopped: an
 * administrator's and a staff member's reads, and every fifth request a write (a new department).
 * Anything but a 2xx answer is a failure.
 */
export function steadyLoad(
  base: string,
  tokens: { admin: string; staff: string },
  clients: number,
): { mark(): void; stop(): Promise<LoadResult> } {
  let running = true;
  let requests = 0;
  let writes = 0;
  const failures: Failure[] = [];
  const byServer: Record<string, number> = {};
  let byServerSinceMark: Record<string, number> = {};

  const requestOf = (client: number, i: number): Request => {
    switch (i % 5) {
      case 0:
        return { method: 'GET', path: '/auth/me', token: tokens.admin };
      case 1:
        return { method: 'GET', path: '/users?limit=20', token: tokens.admin };
      case 2:
        return { method: 'GET', path: '/attendance/my-status', token: tokens.staff };
      case 3:
        return { method: 'GET', path: '/users/departments', token: tokens.staff };
      default:
        return {
          method: 'POST',
          path: '/users/departments',
          token: tokens.admin,
          body: { name: `Load ${client}-${i}` },
          write: true,
        };
    }
  };

  const run = async (client: number) => {
    for (let i = 0; running; i += 1) {
      const request = requestOf(client, i);
      const label = `${request.method} ${request.path}`;
      requests += 1;
      if (request.write) writes += 1;
      try {
        const answer = await call(base, request.method, request.path, request.token, request.body);
        if (answer.status >= 300)
          failures.push({
            at: Date.now(),
            request: label,
            outcome: `${answer.status} ${JSON.stringify(answer.body)}`,
          });
        const server = answer.server ?? 'none';
        byServer[server] = (byServer[server] ?? 0) + 1;
        byServerSinceMark[server] = (byServerSinceMark[server] ?? 0) + 1;
      } catch (error) {
        failures.push({ at: Date.now(), request: label, outcome: String(error) });
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, client) => run(client)));

  return {
    mark() {
      byServerSinceMark = {};
    },
    async stop() {
      running = false;
      await done;
      return { requests, writes, failures, byServer, byServerSinceMark };
    },
  };
}
