import { describe, expect, it } from 'vitest';
import { useSuite } from '../../test/suite';

const suite = useSuite();

/** Every URL a page or script names that a browser would fetch: src, href and url(). */
const fetchedUrls = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');

describe('API reference at /api/docs', () => {
  it('answers a page whose scripts all come from this server, under the strict CSP', async () => {
    const page = await suite.http.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Atrium API reference</title>');
    // The app's own icon (served with the web app), not the browser's 404 for /favicon.ico.
    expect(page.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    // No inline script: `script-src 'self'` holds on this page as on every other.
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Everything the page loads is this server's: the icon (the web app's own file) and the scripts.
    expect(fetchedUrls(page.body)).toEqual(['/favicon.svg', '/api/docs/scalar.js', '/api/docs/reference.js']);
    for (const url of ['/api/docs/scalar.js', '/api/docs/reference.js']) {
      const res = await suite.http.get(url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        'text/javascript; charset=utf-8',
      ]);
    }
  });

  it('serves Scalar from the npm package, told not to fetch its fonts from elsewhere', async () => {
    const bundle = await suite.http.get('/api/docs/scalar.js');
    expect(bundle.body.length).toBeGreaterThan(500_000);
    expect(bundle.body).toContain('createApiReference');
    const script = (await suite.http.get('/api/docs/reference.js')).body;
    expect(script).toContain("fetch('/api/openapi.json'");
    expect(script).toContain('withDefaultFonts: false');
    expect(script).not.toMatch(/https?:\/\//);
  });
});
