/** The baseline: Fastify answering a small JSON body, on PORT, with nothing else in the way. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
