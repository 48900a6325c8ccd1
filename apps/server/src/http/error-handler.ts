import type { FieldIssue } from '@atrium/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

function fieldIssues(
  context: string | undefined,
  validation: { keyword?: string; instancePath?: string; message?: string }[],
): FieldIssue[] {
  return validation.map((v) => {
    const field = v.instancePath?.split('/').filter(Boolean).join('.') || context || 'body';
    const rule = v.keyword ?? 'invalid';
    const text = (v.message ?? 'is invalid').replace(/^Invalid input: /, '');
    return { field, rule, message: `${field} ${text}` };
  });
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
      return reply.status(400).send({
        error: { code: 'validation_failed', message: details.map((d) => d.message).join('; '), details },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const code = status === 429 ? 'too_many_requests' : status === 404 ? 'not_found' : 'bad_request';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on our side' } });
  });
}
