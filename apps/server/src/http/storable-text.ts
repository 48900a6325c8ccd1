import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors';
import { findUnstorableText, UNSTORABLE_MESSAGES } from '../core/storable-text';
import { fieldWords } from '../core/text';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Every /api request's path parameters, query string and JSON body are checked for text the
 * database cannot store (core/storable-text) before any schema or handler sees them, so no
 * route can forget it, whether its schema checks strings or not. A 400 names the field as
 * schema errors do ("workWeek.0"; the part itself for a bad key at its top). Bodies a route
 * parses itself (the CSV import's text, device pushes' bytes) are not JSON values: those routes
 * check them on their own terms. Headers need nothing: Node refuses NUL in them, and their
 * Latin-1 text cannot hold a surrogate.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    for (const part of PARTS) {
      const value: unknown = request[part];
      // A text body is a route's own to read (the CSV import); no route takes a bare JSON string.
      const found = typeof value === 'object' ? findUnstorableText(value) : undefined;
      if (!found) continue;
      const field = found.path.join('.') || part;
      const message = `${fieldWords(field)} ${UNSTORABLE_MESSAGES[found.rule]}`;
      return done(new AppError('validation_failed', message, [{ field, rule: found.rule, message }]));
    }
    done();
  });
}
