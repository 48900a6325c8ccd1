/**
 * The baseline: Fastify answering a small JSON body, on PORT, with nothing else in the way.
 * `POST /push` takes a device's body as bytes, as Atrium's push route does, and only counts it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) =>
  done(null, body),
);
app.get('/', async () => ({ ok: true }));
app.get('/api/health', async () => ({ status: 'ok' }));
app.post('/push', async (request) => ({
  statusCode: 1,
  statusString: 'OK',
  bytes: (request.body as Buffer).length,
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
