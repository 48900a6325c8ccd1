import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Writes with the caller's executor, so an audit row commits or rolls back with its change. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
