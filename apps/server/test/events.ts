import type { DomainEvent, EventBus } from '../src/events/bus';

/** Collects events as the bus delivers them (after commit), to wait for one. */
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
