import type { FastifyInstance } from 'fastify';
import type { DomainEvent, EventBus } from '../../events/bus';

/** Shared by the leave test files: a fixed "now" and small request helpers. */

/** 15 June 2026, mid-morning UTC (the test databases' organisation time zone is UTC). */
export const NOW = new Date('2026-06-15T10:00:00Z');
export const TODAY = '2026-06-15';

export type Auth = { authorization: string };

export function api(app: FastifyInstance) {
  return {
    get: (url: string, auth: Auth) => app.inject({ method: 'GET', url, headers: auth }),
    post: (url: string, auth: Auth, payload?: object) =>
      app.inject({ method: 'POST', url, headers: auth, payload }),
    put: (url: string, auth: Auth, payload?: object) =>
      app.inject({ method: 'PUT', url, headers: auth, payload }),
    del: (url: string, auth: Auth) => app.inject({ method: 'DELETE', url, headers: auth }),
  };
}

export async function typeId(app: FastifyInstance, auth: Auth, name: string): Promise<number> {
  const res = await app.inject({ url: '/api/leave/types', headers: auth });
  const found = res.json().leaveTypes.find((t: { leave_name: string }) => t.leave_name === name);
  if (!found) throw new Error(`no leave type ${name}`);
  return found.id;
}

/** Collects live events as the bus delivers them (after commit), to wait for one. */
export function recordEvents(bus: EventBus) {
  const events: DomainEvent[] = [];
  const stop = bus.subscribe((e) => events.push(e));
  const waitFor = async (predicate: (e: DomainEvent) => boolean, timeoutMs = 3000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = events.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the expected live event did not arrive');
  };
  return { events, stop, waitFor };
}
