import { randomBytes, randomInt } from 'node:crypto';
import type { SsoRole } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { EventBus } from '../../core/events/bus';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { Database } from '../../db/schema';
import { insertUsers } from '../people/people.repository';
import { type ProvenIdentity, SignInRefused } from './oidc-flow';
import {
  addManager,
  departmentNamed,
  findByEmail,
  findIdentity,
  identifierTaken,
  lockPerson,
  managesDepartment,
  otherActiveAdmins,
  removeManager,
  saveIdentity,
  setRole,
} from './sso-accounts.repository';
import type { ActiveSso } from './sso-settings';

const RANK: Record<SsoRole, number> = { staff: 0, manager: 1, admin: 2 };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The groups a claim lists (an array, or one string). */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const v = claims[claim];
  if (Array.isArray(v)) return v.filter((g): g is string => typeof g === 'string');
  return typeof v === 'string' ? [v] : [];
}

/** The highest role the person's groups map to; undefined when none of them is mapped. */
export function mappedRole(s: ActiveSso, groups: string[]): SsoRole | undefined {
  let best: SsoRole | undefined;
  for (const { group, role } of s.group_roles)
    if (groups.includes(group) && (best === undefined || RANK[role] > RANK[best])) best = role;
  return best;
}

export interface Resolved {
  userId: number;
  provisioned: boolean;
}

/**
 * Who a proven identity is here: the person it was linked to, an existing account linked by a
 * verified email when the administrator allowed it, or a new person when their domain or a
 * mapped group allows it. Their role follows the group map (when there is one) at every sign-in,
 * except that the last administrator is never demoted; a disabled person stays refused.
 */
export class SsoAccounts {
  constructor(
    private readonly bus: EventBus,
    private readonly teamsChanged: TransactionHooks<TeamsChanged>,
  ) {}

  async resolve(
    trx: Kysely<Database>,
    s: ActiveSso,
    id: ProvenIdentity,
    ip: string,
    now: Date,
  ): Promise<Resolved> {
    const email = text(id.claims.email).toLowerCase();
    const verified = id.claims.email_verified === true || id.claims.email_verified === 'true';
    const groups = groupsOf(id.claims, s.group_claim);
    const role = mappedRole(s, groups);

    let userId = (await findIdentity(trx, id.issuer, id.subject))?.user_id;
    let provisioned = false;
    if (userId === undefined) {
      const existing = email ? await findByEmail(trx, email) : undefined;
      if (existing) {
        if (!s.link_by_email || !verified)
          throw new SignInRefused(
            'not_linked',
            'An account with this email exists, but it is not linked to this sign-in: ask an administrator',
          );
        userId = existing.id;
      } else {
        const domain = email.split('@')[1] ?? '';
        const allowed = (verified && s.allowed_domains.includes(domain)) || role !== undefined;
        if (!email || !allowed)
          throw new SignInRefused(
            'not_allowed',
            'This account may not sign in to Atrium: ask an administrator',
          );
        userId = await this.provision(trx, id, email, role ?? 'staff');
        provisioned = true;
        await recordAudit(trx, {
          actorUserId: userId,
          ip,
          action: 'sso.provisioned',
          targetType: 'user',
          targetId: userId,
          details: { issuer: id.issuer, email, groups, role: role ?? 'staff' },
        });
      }
    }
    const person = await lockPerson(trx, userId);
    if (!person?.active)
      throw new SignInRefused('disabled', 'This account is disabled: ask an administrator');
    await saveIdentity(
      trx,
      { issuer: id.issuer, subject: id.subject, user_id: userId, email: email || null },
      now,
    );
    if (s.group_roles.length > 0 && !provisioned) await this.followMap(trx, person, role ?? 'staff', ip);
    return { userId, provisioned };
  }

  private async provision(trx: Kysely<Database>, id: ProvenIdentity, email: string, role: SsoRole) {
    const c = id.claims;
    const [given, ...rest] = text(c.name).split(/\s+/);
    const firstName = text(c.given_name) || given || email.split('@')[0]!;
    const lastName = text(c.family_name) || rest.join(' ') || '-';
    const department = text(c.department) ? await departmentNamed(trx, text(c.department)) : undefined;
    const unique = async (column: 'employee_number' | 'badge_number', make: () => string) => {
      for (;;) {
        const value = make();
        if (!(await identifierTaken(trx, column, value))) return value;
      }
    };
    const [user] = await insertUsers(trx, [
      {
        employeeNumber: await unique(
          'employee_number',
          () => `SSO-${randomBytes(4).toString('hex').toUpperCase()}`,
        ),
        badgeNumber: await unique('badge_number', () => String(randomInt(1e9, 1e10))),
        firstName: firstName.slice(0, 100),
        lastName: lastName.slice(0, 100),
        email,
        passwordHash: null,
        role: role === 'admin' ? 'admin' : 'staff',
        departmentId: department?.id ?? null,
      },
    ]);
    if (role === 'manager' && department) await addManager(trx, user!.id, department.id);
    return user!.id;
  }

  /** Sets the role the groups map to; a change is audited and reaches the person's sessions. */
  private async followMap(
    trx: Kysely<Database>,
    person: { id: number; role: string; department_id: number | null },
    target: SsoRole,
    ip: string,
  ) {
    const wasManager =
      person.department_id !== null && (await managesDepartment(trx, person.id, person.department_id));
    const from: SsoRole = person.role === 'admin' ? 'admin' : wasManager ? 'manager' : 'staff';
    if (from === target) return;
    if (person.role === 'admin' && target !== 'admin' && (await otherActiveAdmins(trx, person.id)) === 0) {
      await recordAudit(trx, {
        actorUserId: person.id,
        ip,
        action: 'sso.role_kept',
        targetType: 'user',
        targetId: person.id,
        details: { from, to: target, reason: 'the last administrator is never demoted by sign-in' },
      });
      return;
    }
    await setRole(trx, person.id, target === 'admin' ? 'admin' : 'staff');
    const departments = target === 'manager' ? [] : await removeManager(trx, person.id);
    if (target === 'manager' && person.department_id !== null) {
      await addManager(trx, person.id, person.department_id);
      departments.push(person.department_id);
    }
    if (departments.length)
      await this.teamsChanged.run(trx, {
        actorUserId: person.id,
        ip,
        reason: 'Single sign-on changed who manages a department',
        scope: { departmentIds: departments, managerIds: [person.id] },
      });
    await recordAudit(trx, {
      actorUserId: person.id,
      ip,
      action: 'sso.role_changed',
      targetType: 'user',
      targetId: person.id,
      details: { from, to: target },
    });
    await this.bus.publish({ kind: 'users_changed', userIds: [person.id] }, trx);
  }
}
