import type { CreatePersonResponse, Person, PersonFields, UpdatePersonRequest } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import { requireSite, rowExists } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import type { SessionCache } from '../auth/session-cache';
import { checkSpan, type EmploymentChanged, endPastEmployments } from './employment';
import { issueLink } from './invitation-links';
import { findPerson, insertUsers, takenIdentifiers, updatePerson } from './people.repository';

type Identifier = 'email' | 'employeeNumber' | 'badgeNumber';
const IDENTIFIER_WORDS: Record<Identifier, string> = {
  email: 'email',
  employeeNumber: 'employee number',
  badgeNumber: 'badge number',
};
/** The unique constraints of users, for a collision that slipped past the check (two admins at once). */
const CONSTRAINT_FIELDS: Record<string, Identifier> = {
  users_email_key: 'email',
  users_employee_number_key: 'employeeNumber',
  users_badge_number_key: 'badgeNumber',
};

const taken = (fields: Identifier[]) => {
  const details = fields.map((field) => ({
    field,
    rule: 'unique',
    message: `${IDENTIFIER_WORDS[field]} is already used by another person`,
  }));
  return new AppError('conflict', details.map((d) => d.message).join('; '), details);
};

/** Turns a unique violation of users into the same 409 the check answers. */
function rethrowTaken(error: unknown): never {
  const constraint =
    typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
      ? CONSTRAINT_FIELDS[String((error as { constraint?: unknown }).constraint)]
      : undefined;
  throw constraint ? taken([constraint]) : error;
}

/** The person's columns each field of the form writes, for the audit's old -> new. */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  employeeNumber: 'employee_number',
  badgeNumber: 'badge_number',
  departmentId: 'department_id',
  role: 'role',
  startDate: 'start_date',
  endDate: 'end_date',
  siteId: 'home_site_id',
} as const satisfies Record<keyof PersonFields, keyof Person>;

/** Adding a person and editing them: administrators only (the page itself is modules/person). */
export class PersonService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    private readonly sessions: SessionCache,
    private readonly employmentChanged: TransactionHooks<EmploymentChanged>,
    private readonly teamsChanged: TransactionHooks<TeamsChanged>,
  ) {}

  /** Adds a person without a password: the answer carries the link they set one with. */
  async create(actor: Actor, fields: PersonFields, origin: string): Promise<CreatePersonResponse> {
    authorize(actor, 'people.manage');
    const now = this.clock.now();
    const { userId, invitation } = await this.db.transaction().execute(async (trx) => {
      await this.check(trx, fields);
      checkSpan(fields.startDate, fields.endDate);
      const [created] = await insertUsers(trx, [{ ...fields, passwordHash: null }]).catch(rethrowTaken);
      const id = created!.id;
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.created',
        targetType: 'user',
        targetId: id,
        ip: actor.ip,
        details: {
          email: fields.email,
          employeeNumber: fields.employeeNumber,
          badgeNumber: fields.badgeNumber,
          role: fields.role,
          departmentId: fields.departmentId,
          siteId: fields.siteId ?? null,
        },
      });
      await this.bus.publish(siteCountsChanged(), trx);
      // Other systems (webhooks) hear of the new person, as created.
      await this.bus.publish(
        {
          kind: 'integration',
          type: 'person.created',
          data: {
            person: {
              id,
              name: `${fields.firstName} ${fields.lastName}`,
              email: fields.email,
              employeeNumber: fields.employeeNumber,
            },
            role: fields.role,
            departmentId: fields.departmentId,
            startDate: fields.startDate,
            // Null when none was given, so the message always has the field docs/api.md lists.
            endDate: fields.endDate ?? null,
          },
        },
        trx,
      );
      const link = await issueLink(trx, {
        userId: id,
        purpose: 'invite',
        actorUserId: actor.userId,
        now,
        origin,
        recipient: { firstName: fields.firstName, email: fields.email },
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.invitation_created',
        targetType: 'user',
        targetId: id,
        ip: actor.ip,
        details: { purpose: 'invite', expiresAt: link.expiresAt },
      });
      return { userId: id, invitation: link };
    });
    const person = await findPerson(this.db, userId);
    if (!person) throw notFound('Person');
    return { person, invitation };
  }

  /**
   * Changes the given fields. A role or department change reaches the person's live sessions at
   * once (their cached sessions are dropped in every process; sockets re-join with the new
   * role). Door events keep naming the person after a badge change: they point at the person,
   * not at the badge.
   */
  async update(actor: Actor, userId: number, change: UpdatePersonRequest): Promise<Person> {
    authorize(actor, 'people.manage');
    if (userId === actor.userId && change.role !== undefined && change.role !== actor.role) {
      throw new AppError('conflict', 'You cannot change your own role');
    }
    const reachesSessions = await this.db.transaction().execute(async (trx) => {
      const before = await findPerson(trx, userId, true);
      if (!before) throw notFound('Person');
      await this.check(trx, change, userId);
      checkSpan(
        change.startDate === undefined ? before.start_date : change.startDate,
        change.endDate === undefined ? before.end_date : change.endDate,
      );
      const changes: Record<string, { old: unknown; new: unknown }> = {};
      for (const [field, column] of Object.entries(COLUMNS) as [keyof PersonFields, keyof Person][]) {
        const value = change[field];
        if (value !== undefined && value !== before[column])
          changes[field] = { old: before[column], new: value };
      }
      if (Object.keys(changes).length === 0) return false;
      // A new site of their own (or a new department at another site) moves only their days from
      // now on: attendance records keep the work date they were stored with, decided in the site
      // zone of the day they were made, so nothing of the past is rewritten here.
      await updatePerson(trx, userId, change).catch(rethrowTaken);
      // Entitlements are prorated by the days employed: a new start or last day changes the share.
      if ('startDate' in changes || 'endDate' in changes) {
        const what = 'startDate' in changes ? 'Start date' : 'Last working day';
        const [from, to] =
          'startDate' in changes ? [before.start_date, change.startDate] : [before.end_date, change.endDate];
        await this.employmentChanged.run(trx, {
          userId,
          before: { startDate: before.start_date, endDate: before.end_date },
          actorUserId: actor.userId,
          note: `${what} changed from ${from ?? 'none'} to ${to ?? 'none'}: entitlement prorated again`,
        });
      }
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'user.updated',
        targetType: 'user',
        targetId: userId,
        ip: actor.ip,
        details: { changes },
      });
      await this.bus.publish(
        { kind: 'integration', type: 'person.changed', data: { personId: userId, changes } },
        trx,
      );
      // A last working day already past ends the employment now, not at the next sweep.
      const today = await this.clock.today();
      const ended =
        'endDate' in changes
          ? await endPastEmployments(
              trx,
              this.bus,
              today.date,
              {
                actorUserId: actor.userId,
                ip: actor.ip,
                at: today.now,
              },
              userId,
            )
          : [];
      if ('departmentId' in changes || ended.length > 0)
        await this.teamsChanged.run(trx, {
          actorUserId: actor.userId,
          ip: actor.ip,
          reason: 'departmentId' in changes ? 'A person moved department' : 'A person left',
          scope: { userIds: [userId], approverIds: [userId] },
        });
      // What the door controllers hold of a person (device sync): their name, number, badge, dates.
      if (['firstName', 'lastName', 'employeeNumber', 'badgeNumber', 'startDate'].some((f) => f in changes))
        await this.bus.publish({ kind: 'access_changed' }, trx);
      if ('siteId' in changes || 'departmentId' in changes) await this.bus.publish(siteCountsChanged(), trx);
      const live = 'role' in changes || 'departmentId' in changes || ended.length > 0;
      // Every process drops this person's cached sessions when the change commits.
      if (live) await this.bus.publish({ kind: 'users_changed', userIds: [userId] }, trx);
      return live;
    });
    if (reachesSessions) this.sessions.forgetUsers([userId]);
    const person = await findPerson(this.db, userId);
    if (!person) throw notFound('Person');
    return person;
  }

  /** A department and a site that exist, identifiers nobody else holds. */
  private async check(trx: Kysely<Database>, fields: Partial<PersonFields>, exceptUserId?: number) {
    if (fields.departmentId != null && !(await rowExists(trx, 'departments', fields.departmentId))) {
      const message = 'The department must be an existing one';
      throw new AppError('validation_failed', message, [{ field: 'departmentId', rule: 'exists', message }]);
    }
    if (fields.siteId != null) await requireSite(trx, fields.siteId);
    const collisions = await takenIdentifiers(trx, fields, exceptUserId);
    if (collisions.length > 0) throw taken(collisions);
  }
}
