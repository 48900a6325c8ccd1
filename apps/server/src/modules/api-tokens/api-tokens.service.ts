import {
  API_TOKEN_MAX_DAYS,
  type ApiToken,
  type ApiTokensQuery,
  type ApiTokensResponse,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import { toApiToken } from './api-tokens.presenter';
import { findToken, insertToken, revokeToken, tokenPage } from './api-tokens.repository';
import { newApiToken } from './secrets';

const DAY_MS = 86_400_000;

/** Cursors are the last row's id, opaque to clients all the same. */
const encodeCursor = (id: number) => Buffer.from(`t${id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const m = /^t(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw invalid('cursor', 'format', 'The cursor must be one returned by the previous page');
  return Number(m[1]);
}

const invalid = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', message, [{ field, rule, message }]);

/** The administrators' side of API tokens: create (the secret answered once), list, revoke. */
export class ApiTokensService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  async list(actor: Actor, query: ApiTokensQuery): Promise<ApiTokensResponse> {
    authorize(actor, 'tokens.manage');
    const limit = query.limit ?? 50;
    const rows = await tokenPage(this.db, decodeCursor(query.cursor), limit);
    const more = rows.length > limit;
    const items = more ? rows.slice(0, limit) : rows;
    const last = items[items.length - 1];
    const now = this.clock.now();
    return {
      tokens: items.map((row) => toApiToken(row, now)),
      next_cursor: more && last ? encodeCursor(last.id) : null,
    };
  }

  async create(actor: Actor, input: CreateApiTokenRequest): Promise<CreatedApiToken> {
    authorize(actor, 'tokens.manage');
    const now = this.clock.now();
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt.getTime() <= now.getTime())
      throw invalid('expiresAt', 'future', 'Expires at must be in the future');
    if (expiresAt.getTime() > now.getTime() + API_TOKEN_MAX_DAYS * DAY_MS)
      throw invalid('expiresAt', 'max', `Expires at must be at most ${API_TOKEN_MAX_DAYS} days from now`);
    const secret = newApiToken();
    const scopes = [...new Set(input.scopes)];
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await insertToken(trx, {
        name: input.name,
        scopes,
        hash: secret.hash,
        prefix: secret.prefix,
        createdBy: actor.userId,
        createdAt: now,
        expiresAt,
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'api_token.created',
        targetType: 'api_token',
        targetId: id,
        ip: actor.ip,
        details: { name: input.name, scopes, prefix: secret.prefix, expires_at: expiresAt.toISOString() },
      });
      return id;
    });
    return { api_token: await this.get(id, now), token: secret.token };
  }

  /**
   * Revokes at once on every process: the event is logged with the change, and the answer waits
   * until every process has read it (core/events/barrier.ts), so none accepts the token after.
   */
  async revoke(actor: Actor, id: number): Promise<ApiToken> {
    authorize(actor, 'tokens.manage');
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const token = await findToken(trx, id);
      if (!token) throw notFound('API token');
      if (!(await revokeToken(trx, id, actor.userId, now))) return;
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'api_token.revoked',
        targetType: 'api_token',
        targetId: id,
        ip: actor.ip,
        details: { name: token.name, prefix: token.prefix },
      });
      await this.bus.publish({ kind: 'api_tokens_revoked', tokenIds: [id] }, trx);
    });
    return this.get(id, now);
  }

  private async get(id: number, now: Date): Promise<ApiToken> {
    const row = await findToken(this.db, id);
    if (!row) throw notFound('API token');
    return toApiToken(row, now);
  }
}
