import { type DelegationRequest, type DelegationResponse, MAX_DELEGATION_DAYS } from '@atrium/contract';
import { daysBetween } from '@atrium/contract/calendar';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, forbidden } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Db } from '../../db/connection';
import type { SessionCache } from '../auth/session-cache';
import { usersChanged } from '../people/people.presenter';
import {
  anyDelegateOf,
  type DelegationRow,
  delegationOf,
  deleteDelegation,
  managesDepartment,
  putDelegation,
} from './delegations.repository';
import { activePeopleAmong } from './departments.repository';

const invalid = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', `${field}: ${message}`, [{ field, rule, message }]);

const toResponse = (row: DelegationRow | undefined): DelegationResponse => ({
  delegation: row
    ? { delegate: { id: row.delegate_id, name: row.delegate_name }, from: row.starts_on, to: row.ends_on }
    : null,
});

/**
 * A manager hands their approvals to someone for a period (a holiday, say): in it the delegate
 * reaches the manager's team as if they managed it (standing.repository.ts), and each decision
 * they make there records on whose behalf. Only someone who manages a department may; changes
 * are audited, and the delegate's sessions are read again at once.
 */
export class DelegationsService {
  constructor(
    private readonly db: Db,
    private readonly clock: OrgClock,
    private readonly bus: EventBus,
    private readonly sessions: SessionCache,
  ) {}

  private async managerOnly(actor: Actor): Promise<void> {
    if (!(await managesDepartment(this.db, actor.userId)))
      throw forbidden('Only the manager of a department can hand their approvals on');
  }

  async get(actor: Actor): Promise<DelegationResponse> {
    await this.managerOnly(actor);
    const { date } = await this.clock.today();
    return toResponse(await delegationOf(this.db, actor.userId, date));
  }

  async set(actor: Actor, input: DelegationRequest): Promise<DelegationResponse> {
    await this.managerOnly(actor);
    const { date: today } = await this.clock.today();
    if (input.delegateId === actor.userId)
      throw invalid('delegateId', 'not_self', 'Choose someone other than yourself');
    if (input.from < today) throw invalid('from', 'not_past', `must be today (${today}) or later`);
    if (daysBetween(input.from, input.to) >= MAX_DELEGATION_DAYS)
      throw invalid('to', 'max_period', `must be within ${MAX_DELEGATION_DAYS} days of from`);
    const touched: number[] = [input.delegateId];
    const saved = await this.db.transaction().execute(async (trx) => {
      if (!(await activePeopleAmong(trx, [input.delegateId])).has(input.delegateId))
        throw invalid('delegateId', 'active_person', 'No active person has this id');
      const before = await anyDelegateOf(trx, actor.userId);
      if (before !== undefined && before !== input.delegateId) touched.push(before);
      await putDelegation(trx, {
        manager_id: actor.userId,
        delegate_id: input.delegateId,
        starts_on: input.from,
        ends_on: input.to,
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'delegation.set',
        targetType: 'user',
        targetId: input.delegateId,
        ip: actor.ip,
        details: {
          delegateId: input.delegateId,
          from: input.from,
          to: input.to,
          previousDelegateId: before ?? null,
        },
      });
      await this.bus.publish(usersChanged(touched), trx);
      return delegationOf(trx, actor.userId, today);
    });
    this.sessions.forgetUsers(touched);
    return toResponse(saved);
  }

  async end(actor: Actor): Promise<void> {
    await this.managerOnly(actor);
    const { date: today } = await this.clock.today();
    const delegate = await this.db.transaction().execute(async (trx) => {
      const current = await delegationOf(trx, actor.userId, today);
      const before = await anyDelegateOf(trx, actor.userId);
      if (before === undefined) return undefined;
      await deleteDelegation(trx, actor.userId);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'delegation.ended',
        targetType: 'user',
        targetId: before,
        ip: actor.ip,
        details: { delegateId: before, from: current?.starts_on ?? null, to: current?.ends_on ?? null },
      });
      await this.bus.publish(usersChanged([before]), trx);
      return before;
    });
    if (delegate !== undefined) this.sessions.forgetUsers([delegate]);
  }
}
