import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV download: a fixed text, or pieces streamed as the socket takes them. Never cached:
 * an export holds people's data.
 */
export function sendCsv(reply: FastifyReply, filename: string, body: string | AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? body : Readable.from(body));
}
