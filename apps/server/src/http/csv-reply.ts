import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * UTF-8's byte order mark, first in every CSV download: Excel opens a CSV without one in the
 * machine's ANSI code page, and "Łódź" or "李" turn to mojibake. Always sent rather than offered:
 * every spreadsheet and CSV library we know of reads it (csv-parse with `bom: true`, Python's
 * utf-8-sig, LibreOffice, Numbers), and a choice per download is one more thing to get wrong.
 */
export const CSV_BOM = '\uFEFF';

async function* withBom(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  yield CSV_BOM;
  yield* pieces;
}

/**
 * Sends a CSV download: a fixed text, or pieces streamed as the socket takes them, after a
 * byte order mark. Never cached: an export holds people's data.
 */
export function sendCsv(reply: FastifyReply, filename: string, body: string | AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? `${CSV_BOM}${body}` : Readable.from(withBom(body)));
}
