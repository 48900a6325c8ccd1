import type { FastifyReply } from 'fastify';

/** Why a request's work stopped: its client closed the connection before the answer was complete. */
export class ClientGone extends Error {
  constructor() {
    super('The client went away before the answer was complete');
    this.name = 'ClientGone';
  }
}

/**
 * Aborts when the client goes away before the answer is complete: a closed tab, a cancelled
 * download, a timed-out caller, also in the middle of a streamed file. Work for the request (its
 * queries on the reports pool) stops with it instead of running on for nobody.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  // Gone already, while the request was read or authenticated: 'close' has been and gone.
  if (res.destroyed && !res.writableFinished) controller.abort(new ClientGone());
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(new ClientGone());
    });
  return controller.signal;
}
