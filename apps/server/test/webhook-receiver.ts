import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as a webhook receiver got it: the raw body (what the signature covers) and headers. */
export interface ReceivedHook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A real HTTP receiver on 127.0.0.1: records every POST, answers `status` (200 unless changed),
 * and can go away entirely (connections refused) and come back on the same port.
 */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  const attempts: { id: string; status: number }[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const id = headers['webhook-id'] ?? '';
      attempts.push({ id, status });
      if (status >= 200 && status < 300) {
        const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
        received.push({
          id,
          timestamp: headers['webhook-timestamp'] ?? '',
          signature: headers['webhook-signature'] ?? '',
          body,
          headers,
          type: parsed.type,
          data: parsed.data,
        });
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Every request that reached it, answered or not, in order. */
    attempts,
    answer(code: number) {
      status = code;
    },
    /** Stops listening: connections are refused until `up`. */
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up: () => listen(port),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
