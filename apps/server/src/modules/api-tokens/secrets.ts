import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@atrium/contract';

/** How many characters of a secret after `atr_` the list shows, to tell tokens apart. */
const VISIBLE = 6;

/** A new token: 256 random bits after `atr_`; Atrium keeps only the hash and the visible prefix. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + VISIBLE) };
}

/** SHA-256 suffices: the secret has 256 bits of entropy, so nothing is gained by a slow hash. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');
