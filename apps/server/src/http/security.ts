import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A strict CSP (no inline scripts), no framing, no sniffing: helmet's headers with these options. */
const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React and the chart library set style attributes; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
});

/**
 * The headers `policy` sets, worked out once: they are the same for every response (no nonces),
 * and building them per request, as @fastify/helmet does, cost 5% of a device push's CPU.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  let failure: unknown;
  policy({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers on every response. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // API answers are personal (my attendance, my leave, who I am): no browser or proxy may keep
  // them. Downloads that set their own cache policy keep it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
