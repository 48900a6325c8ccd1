import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Secrets that ride in URLs: media links' `t`, and the tokens of links that set a password. */
const SECRET_QUERY = /([?&](?:t|token)=)[^&#]*/g;
const SECRET_PATH = /(\/(?:invite|reset-password)\/)[^/?#]+/g;

/**
 * A URL fit for the log: whoever reads the log must not be able to watch a camera or set
 * someone's password with what it shows (issue 33: signed video links were logged whole).
 */
export const redactUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

/** Fastify's own request serializer, with the URL redacted: every line that names a request uses it. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Where controllers, counters and cameras push (ISAPI): they push all day. */
const DEVICE_PUSH = /^\/api\/(devices|video)\/isapi\//;
const isDevicePush = (url: string | undefined) => DEVICE_PUSH.test(url ?? '');

/**
 * What a request leaves in the log. At the default info level: its failures (the error handler's
 * and Fastify's) and any request slower than `slowMs`, which is what an operator reads the log
 * for. Every request's two lines (incoming, completed) are debug: at info they were two
 * synchronous writes per request, for lines nobody reads at thousands a second (docs/performance.md,
 * "Small reads"). Device pushes are left out even at debug: they arrive all day, and unreadable
 * ones are kept in device_push_rejects for diagnosis.
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super({ disableRequestLogging: (request) => isDevicePush(request.url) });
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (this.isLogDisabled(request)) return;
    else if (reply.elapsedTime >= this.slowMs)
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'slow request');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
