import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registerSecurityHeaders } from './security';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(options: { trustProxy?: boolean; https?: { key: Buffer; cert: Buffer } }) {
  // One factory for HTTP and HTTPS (Fastify types them apart): the hook reads request.protocol only.
  const app = Fastify(options as FastifyServerOptions) as unknown as FastifyInstance;
  apps.push(app);
  await registerSecurityHeaders(app);
  app.get('/api/health', async () => ({ ok: true }));
  return app;
}

describe('security headers', () => {
  it('over plain HTTP: no HSTS (RFC 6797 section 7.2), but the CSP and a Permissions-Policy', async () => {
    const app = await appWith({});
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )microphone=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )geolocation=\(\)/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('behind a trusted proxy, HSTS only when the proxy says the request came over HTTPS', async () => {
    const trusting = await appWith({ trustProxy: true });
    const https = await trusting.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await trusting.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to send: it proves nothing.
    const untrusting = await appWith({ trustProxy: false });
    const spoofed = await untrusting.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('over TLS to the process itself, HSTS', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atrium-tls-'));
    try {
      const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
      await promisify(execFile)('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ]);
      const app = await appWith({ https: { key: await readFile(key), cert: await readFile(cert) } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.headers);
        })
          .on('error', reject)
          .end();
      });
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
