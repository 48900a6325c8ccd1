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
  // Sent per request below: only over TLS.
  strictTransportSecurity: false,
});

/**
 * HSTS, sent only on answers to HTTPS requests: RFC 6797 section 7.2 forbids it over plain HTTP
 * (a browser must ignore it there, and an Atrium reached by address on the LAN has no TLS at all).
 * helmet's own value: a year, subdomains included.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features no Atrium page uses, switched off for the page and anything it embeds: video is
 * HLS played from the server, never a camera or microphone of the viewer's, and no screen asks for
 * a location or a device. Fullscreen stays for the live video dialog (our own origin only).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

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
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Security headers on every response; HSTS when the request came over TLS, to this process or,
 * with TRUST_PROXY, to the proxy that says so in X-Forwarded-Proto (Fastify's request.protocol).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
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
