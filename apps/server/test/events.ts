import type { DomainEvent, EventBus } from '../src/core/events/bus';

/** Collects events as the bus delivers them (after commit), to wait for one. */
export function recordEvents(bus: EventBus) {
  const events: DomainEvent[] = [];
  const waiters = new Set<() => void>();
  const stop = bus.subscribe((e) => {
    events.push(e);
    for (const wake of waiters) wake();
  });
  const waitFor = (predicate: (e: DomainEvent) => boolean, timeoutMs = 3000) =>
    new Promise<DomainEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(predicate);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error('the expected live event did not arrive'));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { events, stop, waitFor };
}
