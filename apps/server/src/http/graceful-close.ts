import type { FastifyInstance } from 'fastify';

/**
 * Counts requests in flight, so a stop can wait for exactly those. Node's own close keeps waiting
 * on sockets that carry no request at all (a browser's preconnected socket), which would hold a
 * stop for as long as the headers timeout; those are cut as soon as no request is running.
 */
export function trackInFlight(app: FastifyInstance): { close(graceMs: number): Promise<void> } {
  let inFlight = 0;
  let drained: (() => void) | undefined;
  app.addHook('onRequest', async (request, reply) => {
    // An upgraded WebSocket never "responds"; the websocket plugin closes those sockets itself.
    if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });

  return {
    async close(graceMs) {
      const closing = app.close();
      const idle = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([idle, grace]);
      app.server.closeAllConnections();
      await closing;
    },
  };
}
