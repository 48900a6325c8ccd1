import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers, RequestLog, redactUrl } from './request-log';

/** A Fastify app logging at `level` into an array of parsed lines, with a fast and a slow route. */
async function appLoggingAt(level: string) {
  const lines: { msg: string; level: number; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, serializers: logSerializers },
    logController: new RequestLog(50),
  });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return { ok: true };
  });
  app.get('/api/devices/isapi/x', async () => ({ ok: true }));
  app.get('/api/cameras/:id/snapshot', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    throw new Error('no picture');
  });
  app.get('/api/auth/invite/:token', async (_request, reply) => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return reply.status(400).send({ error: 'expired' });
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('at info, writes nothing for a fast request and one line for a slow one', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/fast');
    expect(lines).toEqual([]);
    await app.inject('/slow');
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'slow request', req: expect.objectContaining({ url: '/slow' }) }),
    ]);
    expect(lines[0]!.res?.statusCode).toBe(200);
    await app.close();
  });

  it('at debug, writes both lines of every request but a device push', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject('/fast');
    await app.inject('/api/devices/isapi/x');
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    await app.close();
  });

  it('never writes a media token or a password link token, slow, failed or at debug', async () => {
    const { app, lines } = await appLoggingAt('debug');
    const token =
      '1767225600.0f8e6a1c-2b3d-4e5f-8a9b-0c1d2e3f4a5b.SECRETSECRETSECRETSECRETSECRETSECRETSECRETx';
    await app.inject(`/api/cameras/3/snapshot?t=${token}`);
    await app.inject('/api/auth/invite/SECRETtokenSECRETtokenSECRETtokenSECRETtok');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const written = JSON.stringify(lines);
    expect(written).not.toContain('SECRET');
    expect(written).toContain('/api/cameras/3/snapshot?t=[redacted]');
    await app.close();
  });

  it('redacts the tokens of URLs and leaves the rest', () => {
    expect(redactUrl('/api/cameras/1/live/index.m3u8?t=abc&x=1')).toBe(
      '/api/cameras/1/live/index.m3u8?t=[redacted]&x=1',
    );
    expect(redactUrl('/reset-password/abc?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/attendance?date=2026-01-01')).toBe('/api/attendance?date=2026-01-01');
  });
});
