import type { ApiToken, ApiTokenStatus, TokenScope } from '@atrium/contract';
import type { ApiTokenRow } from './api-tokens.repository';

function statusOf(row: ApiTokenRow, now: Date): ApiTokenStatus {
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

const person = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/** One token as the list shows it: never its secret, which Atrium does not keep. */
export const toApiToken = (row: ApiTokenRow, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  // Written through the contract's validation only, so every stored scope is one it knows.
  scopes: row.scopes as TokenScope[],
  createdBy: person(row.created_by, row.created_by_name),
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  lastUsedIp: row.last_used_ip,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  revokedBy: person(row.revoked_by, row.revoked_by_name),
  status: statusOf(row, now),
});
