import { AsyncLocalStorage } from 'node:async_hooks';
import type { DomainEvent } from './event';

/**
 * Whether the request being served logged an event that every process must have applied before
 * it is answered: a session ended or a person's standing changed. Each process caches checked
 * tokens, so without the wait another process could accept a revoked token for the moment until
 * it reads the log.
 */
const scope = new AsyncLocalStorage<{ wanted: boolean }>();

/** Runs `next` (the rest of a request) in a scope of its own. */
export function inBarrierScope(next: () => void): void {
  scope.run({ wanted: false }, next);
}

/** Whether the current request must wait for every process before its answer. */
export function barrierWanted(): boolean {
  return scope.getStore()?.wanted ?? false;
}

/** Events that take a credential away: a session, a person's standing, an API token. */
const REVOCATIONS = new Set<DomainEvent['kind']>(['session_ended', 'users_changed', 'api_tokens_revoked']);

export function noteEvents(events: DomainEvent[]): void {
  const store = scope.getStore();
  if (store && events.some((e) => REVOCATIONS.has(e.kind))) store.wanted = true;
}
