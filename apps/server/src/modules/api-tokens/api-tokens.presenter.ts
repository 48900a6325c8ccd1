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
  created_by: person(row.created_by, row.created_by_name),
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  last_used_ip: row.last_used_ip,
  revoked_at: row.revoked_at?.toISOString() ?? null,
  revokedBy: person(row.revoked_by, row.revoked_by_name),
  status: statusOf(row, now),
});
