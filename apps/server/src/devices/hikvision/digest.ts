import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * HTTP Digest access authentication (RFC 7616), what Hikvision devices require for ISAPI
 * commands: MD5 and SHA-256, with their -sess variants, qop "auth". The client side builds the
 * Authorization header from a 401's challenge; the server side (the simulator) issues
 * challenges and checks answers.
 */

export type DigestAlgorithm = 'MD5' | 'MD5-sess' | 'SHA-256' | 'SHA-256-sess';

export interface Challenge {
  realm: string;
  nonce: string;
  qop?: string;
  algorithm: DigestAlgorithm;
  opaque?: string;
}

/** key="value" or key=token pairs of an auth header, after its scheme. */
function params(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    out[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
  }
  return out;
}

/** Reads a `WWW-Authenticate: Digest ...` header; undefined when it is not a usable Digest challenge. */
export function parseChallenge(header: string | null | undefined): Challenge | undefined {
  if (!header || !/^\s*digest\s/i.test(header)) return undefined;
  const p = params(header.replace(/^\s*digest\s+/i, ''));
  if (!p.realm || !p.nonce) return undefined;
  const algorithm = (['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess'] as const).find(
    (a) => a.toLowerCase() === (p.algorithm ?? 'MD5').toLowerCase(),
  );
  if (!algorithm) return undefined;
  return { realm: p.realm, nonce: p.nonce, qop: p.qop, algorithm, opaque: p.opaque };
}

const hashOf = (algorithm: DigestAlgorithm) => (algorithm.startsWith('SHA-256') ? 'sha256' : 'md5');
const h = (algorithm: DigestAlgorithm, s: string) => createHash(hashOf(algorithm)).update(s).digest('hex');

function response(
  c: Challenge,
  a: {
    username: string;
    password: string;
    method: string;
    uri: string;
    cnonce: string;
    nc: string;
    qop?: string;
  },
): string {
  let ha1 = h(c.algorithm, `${a.username}:${c.realm}:${a.password}`);
  if (c.algorithm.endsWith('-sess')) ha1 = h(c.algorithm, `${ha1}:${c.nonce}:${a.cnonce}`);
  const ha2 = h(c.algorithm, `${a.method}:${a.uri}`);
  return a.qop
    ? h(c.algorithm, `${ha1}:${c.nonce}:${a.nc}:${a.cnonce}:${a.qop}:${ha2}`)
    : h(c.algorithm, `${ha1}:${c.nonce}:${ha2}`);
}

const quote = (s: string) => `"${s.replace(/(["\\])/g, '\\$1')}"`;

/** The Authorization header answering `challenge` for one request. */
export function authorization(
  c: Challenge,
  a: { username: string; password: string; method: string; uri: string; nc?: number },
): string {
  const qop = c.qop
    ?.split(',')
    .map((q) => q.trim())
    .includes('auth')
    ? 'auth'
    : undefined;
  const cnonce = randomBytes(12).toString('hex');
  const nc = (a.nc ?? 1).toString(16).padStart(8, '0');
  const digest = response(c, { ...a, cnonce, nc, qop });
  const parts = [
    `username=${quote(a.username)}`,
    `realm=${quote(c.realm)}`,
    `nonce=${quote(c.nonce)}`,
    `uri=${quote(a.uri)}`,
    `algorithm=${c.algorithm}`,
    `response=${quote(digest)}`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  if (c.opaque) parts.push(`opaque=${quote(c.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}

/** Server side: a fresh challenge header value. */
export function challengeHeader(realm: string, nonce: string, algorithm: DigestAlgorithm = 'MD5'): string {
  return `Digest realm=${quote(realm)}, qop="auth", nonce=${quote(nonce)}, algorithm=${algorithm}, opaque=${quote('atrium')}`;
}

/** Server side: whether an Authorization header proves the password for this request. */
export function verifyAuthorization(
  header: string | undefined,
  expected: { realm: string; username: string; password: string; method: string; nonces: Set<string> },
): boolean {
  if (!header || !/^\s*digest\s/i.test(header)) return false;
  const p = params(header.replace(/^\s*digest\s+/i, ''));
  if (p.username !== expected.username || p.realm !== expected.realm || !p.nonce || !p.uri || !p.response)
    return false;
  if (!expected.nonces.has(p.nonce)) return false;
  const algorithm = (['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess'] as const).find(
    (a) => a.toLowerCase() === (p.algorithm ?? 'MD5').toLowerCase(),
  );
  if (!algorithm) return false;
  const want = response(
    { realm: expected.realm, nonce: p.nonce, algorithm },
    {
      username: expected.username,
      password: expected.password,
      method: expected.method,
      uri: p.uri,
      cnonce: p.cnonce ?? '',
      nc: p.nc ?? '',
      qop: p.qop,
    },
  );
  const a = Buffer.from(want);
  const b = Buffer.from(p.response);
  return a.length === b.length && timingSafeEqual(a, b);
}
