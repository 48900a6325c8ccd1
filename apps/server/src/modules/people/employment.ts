import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { liveSessionIdsOfUser } from '../auth/auth.repository';
import { endSessionsIn } from '../auth/session-end';
import { usersChanged } from './people.presenter';
import { lockPastEmployments, setUserActive } from './people.repository';

/** Who ends an employment: an administrator's change, or nobody (the daily sweep). */
export interface EndedBy {
  actorUserId: number | null;
  ip: string | null;
  at: Date;
}

/** A last working day before the start date is refused, naming the field. */
export function checkSpan(startDate: string | null, endDate: string | null | undefined): void {
  if (endDate && startDate && endDate < startDate) {
    const message = 'The last working day must not be before the start date';
    throw new AppError('validation_failed', message, [{ field: 'endDate', rule: 'after_start', message }]);
  }
}

/**
 * People past their last working day (before `today`) are disabled and their sessions ended, in
 * the caller's transaction, each audited; `userId` limits it to one person. Returns who ended.
 * Their history stays counted up to that day (person-day.ts counts people with an end date).
 */
export async function endPastEmployments(
  trx: Kysely<Database>,
  bus: EventBus,
  today: string,
  by: EndedBy,
  userId?: number,
): Promise<number[]> {
  const ended = await lockPastEmployments(trx, today, userId);
  for (const id of ended) {
    await setUserActive(trx, id, false);
    await recordAudit(trx, {
      actorUserId: by.actorUserId,
      action: 'user.employment_ended',
      targetType: 'user',
      targetId: id,
      ip: by.ip,
    });
    await endSessionsIn(trx, bus, await liveSessionIdsOfUser(trx, id), {
      reason: 'user_disabled',
      actorUserId: by.actorUserId,
      ip: by.ip,
      at: by.at,
    });
  }
  if (ended.length) await bus.publish(usersChanged(ended), trx);
  return ended;
}

/** Often enough that a leaver's account closes within minutes of their last day ending. */
const EVERY_MS = 10 * 60_000;

/** The sweep at start and every few minutes; several processes may run it (rows are locked). */
export function scheduleEmploymentEnds(
  db: Kysely<Database>,
  bus: EventBus,
  clock: OrgClock,
  onError: (error: unknown) => void,
): () => void {
  const run = async () => {
    const today = await clock.today();
    await db
      .transaction()
      .execute((trx) =>
        endPastEmployments(trx, bus, today.date, { actorUserId: null, ip: null, at: today.now }),
      );
  };
  run().catch(onError);
  const timer = setInterval(() => run().catch(onError), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A person's employment span changed (start date, last working day): announced inside the
 * change's transaction, so leave can prorate the year's entitlement again in the same commit.
 */
export interface EmploymentChanged {
  userId: number;
  /** The span before the change. */
  before: { startDate: string | null; endDate: string | null };
  actorUserId: number;
  note: string;
}
