import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { sessionEndedEvent } from './auth.presenter';
import { revokeSessions } from './auth.repository';

export interface SessionEnd {
  reason: string;
  actorUserId: number | null;
  ip: string | null;
  at: Date;
}

/**
 * Ends sessions inside the caller's transaction: revoked (their access and refresh tokens stop
 * working), each audited, and announced, so that when it commits every process closes their
 * sockets and drops their cached tokens. Returns the sessions that were still live.
 */
export async function endSessionsIn(
  trx: Kysely<Database>,
  bus: EventBus,
  sessionIds: string[],
  end: SessionEnd,
): Promise<string[]> {
  const ended = await revokeSessions(trx, sessionIds, end.reason, end.at);
  for (const id of ended) {
    await recordAudit(trx, {
      actorUserId: end.actorUserId,
      action: `auth.${end.reason}`,
      ip: end.ip,
      targetType: 'session',
      targetId: id,
    });
  }
  if (ended.length > 0) await bus.publish(sessionEndedEvent(ended), trx);
  return ended;
}
