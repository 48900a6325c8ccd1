import type { Action } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor, TokenAuthenticator } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { Now } from '../../core/clock';
import type { Database } from '../../db/schema';
import { findUsableToken, recordTokenUse } from './api-tokens.repository';
import type { TokenRateLimit } from './rate-limit';
import { hashApiToken } from './secrets';
import type { TokenCache } from './token-cache';

/** A token's last use is written at most this often: a busy integration does not write per request. */
const LAST_USE_EVERY_MS = 60_000;

export interface TokenAuthenticatorDeps {
  db: Kysely<Database>;
  cache: TokenCache;
  limit: TokenRateLimit;
  /** The organisation's clock: expiry and the last use are on its time. */
  now: Now;
  onError: (task: string, error: unknown) => void;
}

/**
 * Resolves `Authorization: Bearer atr_...` to an actor that may do the token's scopes,
 * organisation-wide, and nothing else: the administrator's reach of each action, limited by
 * core/policies.ts to the scopes. Counts the request against the token's rate and notes its use.
 */
export class ApiTokenAuthenticator implements TokenAuthenticator {
  /** performance.now() of each token's last written use, in this process. */
  private readonly lastWritten = new Map<number, number>();

  constructor(private readonly deps: TokenAuthenticatorDeps) {}

  async authenticate(secret: string, ip: string): Promise<Actor | undefined> {
    const { cache, db } = this.deps;
    const hash = hashApiToken(secret);
    const now = this.deps.now();
    let token = cache.get(hash, now);
    if (!token) {
      const mark = cache.mark();
      token = await findUsableToken(db, hash, now);
      if (!token) return undefined;
      cache.set(hash, token, mark);
    }
    this.deps.limit.admit(token.id);
    await this.noteUse(token.id, now, ip);
    return {
      userId: token.created_by,
      role: 'admin',
      sessionId: `api-token:${token.id}`,
      ip,
      teamDepartmentIds: [],
      token: { id: token.id, name: token.name, scopes: token.scopes as Action[] },
    };
  }

  async refused(
    actor: Actor,
    refusal: { scope: Action | null; method: string; path: string },
  ): Promise<void> {
    if (!actor.token) return;
    await recordAudit(this.deps.db, {
      actorUserId: actor.userId,
      action: refusal.scope ? 'api_token.scope_refused' : 'api_token.endpoint_refused',
      targetType: 'api_token',
      targetId: actor.token.id,
      ip: actor.ip,
      details: {
        token: actor.token.name,
        ...(refusal.scope ? { missing_scope: refusal.scope } : {}),
        method: refusal.method,
        path: refusal.path,
      },
    });
  }

  /** Writes the last use once a minute per token; a failure to write never fails the request. */
  private async noteUse(tokenId: number, now: Date, ip: string): Promise<void> {
    const at = performance.now();
    const last = this.lastWritten.get(tokenId);
    if (last !== undefined && at - last < LAST_USE_EVERY_MS) return;
    this.lastWritten.set(tokenId, at);
    try {
      await recordTokenUse(this.deps.db, tokenId, now, ip);
    } catch (error) {
      this.lastWritten.delete(tokenId);
      this.deps.onError('recording an API token use', error);
    }
  }
}
