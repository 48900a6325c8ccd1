import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResult {
  statusCode: number;
  responseMs: number;
}

/** What is read of a receiver's answer: enough to end the exchange, never kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url`, connecting only to `addresses` (the ones the guard checked): the request
 * asks no resolver of its own, so a name that resolves elsewhere a moment later cannot redirect
 * it. Redirects are not followed. Rejects on a network failure or after `timeoutMs`.
 */
export function postJson(
  url: URL,
  addresses: { address: string; family: number }[],
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Atrium-Webhooks/1.0',
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            responseMs: Math.round(performance.now() - started),
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs / 1000} s`) : error),
    );
    request.end(body);
  });
}
