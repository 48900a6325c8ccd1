import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * The zod validator, but a request without a body reaches a body schema as undefined, not as the
 * null Fastify hands it: an optional body then takes its defaults (`POST .../door/open` with
 * nothing opens door 1), and a required one still answers 400 naming the body.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => validate(data === null ? undefined : data);
};

/**
 * An empty body sent as application/json (curl -X POST -H 'content-type: application/json') is
 * no body, as above, rather than Fastify's "body cannot be empty"; anything else is parsed as
 * Fastify always does (prototype poisoning refused).
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, done);
  });
}
