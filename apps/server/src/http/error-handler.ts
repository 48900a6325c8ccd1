import type { Socket } from 'node:net';
import type { ErrorCode, FieldIssue } from '@atrium/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusByCode } from '../core/errors';
import { fieldWords } from '../core/text';
import { isStatementCancelled } from '../db/cancelled';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { ClientGone } from './client-gone';

function fieldIssues(
  context: string | undefined,
  validation: { keyword?: string; instancePath?: string; message?: string }[],
): FieldIssue[] {
  return validation.map((v) => {
    const field = v.instancePath?.split('/').filter(Boolean).join('.') || context || 'body';
    const rule = v.keyword ?? 'invalid';
    const text = (v.message ?? 'is invalid').replace(/^Invalid input: /, '');
    // A sentence naming the field in words; `field` keeps the API name.
    return { field, rule, message: `${fieldWords(field)} ${text}` };
  });
}

interface Envelope {
  error: { code: ErrorCode; message: string; details?: FieldIssue[] };
}

const envelope = (code: ErrorCode, message: string, details?: FieldIssue[]): Envelope => ({
  error: { code, message, ...(details ? { details } : {}) },
});

/**
 * Fastify's own client errors, by its error code: which of our codes, and which part of the
 * request they are about (so a 400 names a field like every other 400 does).
 */
const fastifyClientErrors: Record<string, { code: ErrorCode; field: string; rule: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', field: 'body', rule: 'json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', field: 'body', rule: 'required' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', field: 'content-length', rule: 'length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', field: 'body', rule: 'max_size' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    field: 'content-type',
    rule: 'media_type',
  },
  FST_ERR_CTP_INVALID_TYPE: { code: 'bad_request', field: 'content-type', rule: 'media_type' },
  FST_ERR_BAD_URL: { code: 'bad_request', field: 'url', rule: 'encoding' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', field: 'url', rule: 'max_length' },
};

function clientErrorEnvelope(error: FastifyError, status: number): { status: number; body: Envelope } {
  const known = fastifyClientErrors[error.code];
  if (known) {
    const message =
      known.field === 'body' && known.rule === 'json' ? 'The body is not valid JSON' : error.message;
    return {
      status: statusByCode[known.code],
      body: envelope(known.code, message, [{ field: known.field, rule: known.rule, message }]),
    };
  }
  const code: ErrorCode =
    status === 429
      ? 'too_many_requests'
      : status === 404
        ? 'not_found'
        : status === 413
          ? 'payload_too_large'
          : 'bad_request';
  return { status, body: envelope(code, error.message) };
}

/** One place turns every failure into `{error: {code, message, details?}}`; 5xx carry no internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = fieldIssues(error.validationContext, error.validation);
      return reply
        .status(400)
        .send(envelope('validation_failed', details.map((d) => d.message).join('; '), details));
    }
    // Its client went away (client-gone.ts) and its statements were cancelled for it: no failure,
    // and nobody reads the answer.
    if (error instanceof ClientGone || (isStatementCancelled(error) && reply.raw.destroyed)) {
      request.log.info('the client went away; its work was stopped');
      return reply.status(504).send(envelope('timeout', 'The client went away'));
    }
    // 504, not 503: the database is up and the request will not fare better when retried at
    // once; it asked for more than its time limit allows (the statement timeouts in
    // docs/operations.md). Retrying makes sense with less: a shorter range, a quieter hour.
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'a statement ran past its time limit');
      return reply
        .status(504)
        .send(
          envelope(
            'timeout',
            'This took too long and was stopped. Try a shorter date range, or try again later.',
          ),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(envelope('database_unavailable', 'The database is unavailable right now. Try again shortly.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const answer = clientErrorEnvelope(error, status);
      return reply.status(answer.status).send(answer.body);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(envelope('internal', 'Something went wrong on our side'));
  });
}

/**
 * Errors Fastify raises before any route or hook runs (a URL that does not decode, a path
 * parameter past its length limit): same envelope as every other error.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = clientErrorEnvelope(error, error.statusCode ?? 400);
  void reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers or URL too large,
 * garbage on the wire): answered on the raw socket, in the same envelope.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, code, message]: [number, string, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          'headers_too_large',
          'The request headers or URL are too large',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'bad_request', 'The request took too long to arrive']
        : [400, 'Bad Request', 'bad_request', 'The request is not valid HTTP'];
  const field = status === 431 ? 'headers' : 'request';
  const body = JSON.stringify(envelope(code, message, [{ field, rule: 'http', message }]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Fastify constructor options that route framework and parser errors through the envelope. */
export const errorEnvelopeOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors,
  clientErrorHandler,
};
