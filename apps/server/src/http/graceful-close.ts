import type { FastifyInstance } from 'fastify';

/**
 * Counts requests in flight, so a stop can wait for exactly those. Node's own close keeps waiting
 * on sockets that carry no request at all (a browser's preconnected socket), which would hold a
 * stop for as long as the headers timeout; those are cut as soon as no request is running.
 *
 * A request is counted from the moment Node hands it over until its response closes, whichever
 * way it ends: answered, failed, or dropped by a client that went away while a hook (the token
 * check) was still running. Fastify's hooks cannot see all of those ends (a request dropped
 * before the counting hook ran never reaches it), so the count rides on the response's own
 * `close`, which Node emits exactly once for every request. WebSocket upgrades never emit
 * `request`; the websocket plugin closes those sockets itself.
 */
export function trackInFlight(app: FastifyInstance): {
  close(graceMs: number): Promise<void>;
  inFlight(): number;
} {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
  return {
    inFlight: () => inFlight,
    async close(graceMs) {
      const closing = app.close();
      const idle = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      });
      await Promise.race([idle, grace]);
      clearTimeout(timer);
      app.server.closeAllConnections();
      await closing;
    },
  };
}
