import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteDoor } from './client';

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
