import type {
  Department,
  PeopleDirectoryQuery,
  PeopleDirectoryResponse,
  Person,
  UsersQuery,
  UsersResponse,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { Database } from '../../db/schema';
import { liveSessionIdsOfUser } from '../auth/auth.repository';
import type { SessionCache } from '../auth/session-cache';
import { endSessionsIn } from '../auth/session-end';
import { checkSpan, type EmploymentChanged } from './employment';
import { decodeNameCursor } from './name-cursor';
import { toDepartment, toUsersPage, usersChanged } from './people.presenter';
import {
  findPerson,
  listDepartments,
  listPeople,
  lockEmploymentSpan,
  setEndDate,
  setUserActive,
} from './people.repository';

export class PeopleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly sessions: SessionCache,
    private readonly employmentChanged: TransactionHooks<EmploymentChanged>,
    private readonly teamsChanged: TransactionHooks<TeamsChanged>,
  ) {}

  async departments(actor: Actor): Promise<Department[]> {
    authorize(actor, 'people.departments');
    return (await listDepartments(this.db)).map(toDepartment);
  }

  /** Active people by name, names and departments only: what a manager's picker needs. */
  async directory(actor: Actor, query: PeopleDirectoryQuery): Promise<PeopleDirectoryResponse> {
    authorize(actor, 'people.directory');
    // Names only: a manager finds a person by name, not whose badge or email a string belongs to.
    const rows = await listPeople(this.db, {
      status: 'active',
      search: query.search || undefined,
      searchIn: 'names',
      limit: query.limit,
    });
    return {
      people: rows.map((r) => ({
        id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        department_name: r.department_name,
      })),
    };
  }

  async people(actor: Actor, query: UsersQuery): Promise<UsersResponse> {
    authorize(actor, 'people.view');
    const rows = await listPeople(this.db, {
      status: query.status,
      search: query.search || undefined,
      departmentId: query.department,
      after: decodeNameCursor(query.cursor),
      limit: query.limit + 1,
    });
    return toUsersPage(rows, query.limit);
  }

  /**
   * Disabling someone ends every session they hold, at once, with the change; `endDate` records
   * their last working day (their history counts up to it). Enabling someone whose last working
   * day has passed clears it: they are employed again.
   */
  async setActive(actor: Actor, userId: number, active: boolean, endDate?: string): Promise<Person> {
    authorize(actor, 'people.manage');
    if (userId === actor.userId && !active) {
      throw new AppError('conflict', 'You cannot disable your own account');
    }
    const today = await this.clock.today();
    const changed = await this.db.transaction().execute(async (trx) => {
      const span = await lockEmploymentSpan(trx, userId);
      if (!span) return false;
      const details: Record<string, unknown> = {};
      if (!active && endDate !== undefined) {
        checkSpan(span.start_date, endDate);
        if (endDate > today.date) {
          const message =
            'The last working day must not be after today: set a later one by editing the person';
          throw new AppError('validation_failed', message, [
            { field: 'endDate', rule: 'not_in_future', message },
          ]);
        }
        await setEndDate(trx, userId, endDate);
        details.endDate = { old: span.end_date, new: endDate };
      }
      if (active && span.end_date !== null && span.end_date < today.date) {
        await setEndDate(trx, userId, null);
        details.endDate = { old: span.end_date, new: null };
      }
      if (details.endDate) {
        // The share of the year's entitlement follows the days employed.
        await this.employmentChanged.run(trx, {
          userId,
          before: { startDate: span.start_date, endDate: span.end_date },
          actorUserId: actor.userId,
          note: `Last working day changed from ${span.end_date ?? 'none'} to ${active ? 'none' : endDate}: entitlement prorated again`,
        });
      }
      await setUserActive(trx, userId, active);
      // A manager or approver disabled waits for nobody's leave; one enabled may again.
      await this.teamsChanged.run(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        reason: active ? 'A person was enabled' : 'A person was disabled',
        scope: { userIds: [userId], approverIds: [userId], managerIds: [userId] },
      });
      // Every process drops this person's cached sessions when the change commits.
      await this.bus.publish(usersChanged([userId]), trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: active ? 'user.enabled' : 'user.disabled',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: Object.keys(details).length ? details : undefined,
      });
      if (!active)
        await this.bus.publish(
          {
            kind: 'integration',
            type: 'person.disabled',
            data: { personId: userId, endDate: !active && endDate !== undefined ? endDate : span.end_date },
          },
          trx,
        );
      if (!active) {
        await endSessionsIn(trx, this.bus, await liveSessionIdsOfUser(trx, userId), {
          reason: 'user_disabled',
          actorUserId: actor.userId,
          ip: actor.ip,
          at: today.now,
        });
      }
      return true;
    });
    if (!changed) throw notFound('User');
    // This process at once; the others (and this one again) when the events arrive.
    this.sessions.forgetUsers([userId]);
    const person = await findPerson(this.db, userId);
    if (!person) throw notFound('User');
    return person;
  }
}
