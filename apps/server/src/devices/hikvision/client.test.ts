import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteDoor, workStatus } from './client';
import { challengeHeader, verifyAuthorization } from './digest';

/** A controller whose answer to a command carries NUL: the audit log keeps what it said, as jsonb. */
describe('remoteDoor', () => {
  let server: http.Server;
  let address: string;

  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/xml');
      response.end(
        '<ResponseStatus><statusCode>1</statusCode><statusString>OK\u0000\u0000</statusString></ResponseStatus>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the status string as a pushed field is read: control characters out', async () => {
    const result = await remoteDoor({ address, username: 'admin', password: 'x' }, 1, 'open');
    expect(result).toEqual({ ok: true, statusCode: 1, statusString: 'OK' });
  });
});

/** A device asking digest auth, counting what arrives with and without an answer to its challenge. */
describe('digest authentication', () => {
  let server: http.Server;
  let address: string;
  const nonces = new Set<string>();
  const seen = { bare: 0, answered: 0, refused: 0 };
  let stale = false;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const ok = verifyAuthorization(request.headers.authorization, {
        realm: 'test',
        username: 'admin',
        password: 'Door#1',
        method: request.method ?? 'GET',
        nonces,
      });
      if (!request.headers.authorization) seen.bare += 1;
      if (ok && !stale) {
        seen.answered += 1;
        response.setHeader('content-type', 'application/json');
        response.end('{"AcsWorkStatus":{"doorLockStatus":[0]}}');
        return;
      }
      if (request.headers.authorization) seen.refused += 1;
      stale = false;
      const nonce = randomBytes(8).toString('hex');
      nonces.add(nonce);
      response.writeHead(401, { 'www-authenticate': challengeHeader('test', nonce) });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the last challenge at once, and asks again when the device forgets it', async () => {
    const device = { address, username: 'admin', password: 'Door#1' };
    for (let i = 0; i < 5; i++) expect(await workStatus(device)).toEqual({ doorLockStatus: [0] });
    // One request went without an answer, the first; the other four reused its challenge.
    expect(seen).toEqual({ bare: 1, answered: 5, refused: 0 });
    stale = true;
    expect(await workStatus(device)).toEqual({ doorLockStatus: [0] });
    expect(seen).toEqual({ bare: 1, answered: 6, refused: 1 });
    await expect(workStatus({ ...device, password: 'wrong' })).rejects.toThrow(/refused the credentials/);
  });
});
