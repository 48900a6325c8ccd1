import scalarApiReference from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance } from 'fastify';

/** Where the API reference lives. Its routes are pages and assets, not API endpoints. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The page: two scripts from this server and nothing inline, so the strict Content-Security-Policy
 * every page has (security.ts: `script-src 'self'`) holds here too, with no exception for it.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Atrium API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
  </head>
  <body>
    <div id="app"><p id="api-docs-status">Loading the API reference…</p></div>
    <script src="${API_DOCS_PATH}/scalar.js"></script>
    <script src="${API_DOCS_PATH}/reference.js"></script>
  </body>
</html>
`;

/**
 * Fetches the document with the signed-in person's token (the web app keeps it in localStorage
 * under `token`, same origin): /api/openapi.json is for signed-in users, and a link opened in a
 * new tab carries no Authorization header of its own. The token also fills "Try it" requests.
 * `withDefaultFonts: false`: Scalar would otherwise load its fonts from its own servers.
 */
const REFERENCE_SCRIPT = `(function () {
  var status = document.getElementById('api-docs-status');
  var token = null;
  try { token = localStorage.getItem('token'); } catch (e) {}
  if (!token) {
    status.innerHTML = 'Sign in to <a href="/">Atrium</a> first, then open the API reference again.';
    return;
  }
  fetch('/api/openapi.json', { headers: { Authorization: 'Bearer ' + token } })
    .then(function (res) {
      if (!res.ok) throw new Error(res.status === 401 ? 'Your session has expired: sign in again.' : 'HTTP ' + res.status);
      return res.json();
    })
    .then(function (document) {
      window.Scalar.createApiReference('#app', {
        content: document,
        withDefaultFonts: false,
        // Scalar's hosted extras (AI chat, MCP, share and deploy) would send the document away.
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        authentication: { preferredSecurityScheme: 'bearer', securitySchemes: { bearer: { token: token } } },
      });
    })
    .catch(function (error) {
      status.textContent = 'The API reference could not be loaded. ' + error.message;
    });
})();
`;

/**
 * Scalar's browser bundle as its Fastify plugin serves it (`<prefix>/js/scalar.js`): read once
 * from a private instance, so the bytes come from the npm package and no CDN is involved.
 */
async function scalarBundle(): Promise<string> {
  const source = Fastify({ logger: false });
  await source.register(scalarApiReference, {
    routePrefix: '/reference',
    configuration: { url: '/api/openapi.json' },
  });
  const res = await source.inject({ method: 'GET', url: '/reference/js/scalar.js' });
  await source.close();
  if (res.statusCode !== 200) throw new Error(`Scalar's bundle answered ${res.statusCode}`);
  return res.body;
}

/** `/api/docs`: the API reference (Scalar) over the served OpenAPI document. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  let bundle: Promise<string> | undefined;
  // Public: the page and scripts hold nothing of the organisation; the document they show is
  // fetched with the visitor's own token.
  const config = { public: true };
  // Hidden from the OpenAPI document: a page is not an endpoint of the API it documents.
  const schema = { hide: true };
  app.get(API_DOCS_PATH, { config, schema }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get(`${API_DOCS_PATH}/reference.js`, { config, schema }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(REFERENCE_SCRIPT),
  );
  app.get(`${API_DOCS_PATH}/scalar.js`, { config, schema }, async (_request, reply) => {
    bundle ??= scalarBundle();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await bundle);
  });
}
