import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log';

/** A Fastify app logging at `level` into an array of parsed lines, with a fast and a slow route. */
async function appLoggingAt(level: string) {
  const lines: { msg: string; level: number; req?: { url: string }; res?: { statusCode: number } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog(50) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return { ok: true };
  });
  app.get('/api/devices/isapi/x', async () => ({ ok: true }));
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
});
