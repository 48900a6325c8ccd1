import type { FastifyInstance } from 'fastify';

/** Devices push one event at a time; pictures are a few hundred KB. Larger bodies answer 413. */
export const MAX_PUSH_BYTES = 2 * 1024 * 1024;

/**
 * Takes any content type as raw bytes (JSON, XML, multipart with pictures): ISAPI parsing reads
 * them. Call it inside the push route's own plugin, so the rest of /api keeps refusing XML and
 * multipart.
 */
export function acceptRawPushBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PUSH_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}
