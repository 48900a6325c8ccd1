import { type Action, type Reach, reachOf } from '@atrium/contract';
import type { Actor } from './actor';
import { AppError } from './errors';

/**
 * Authorization, asked on the first line of every service function. The table of who may do
 * what is `POLICIES` in @atrium/contract (shared with the web); this module applies it to an
 * actor and, where an action touches one person's data, to that person.
 *
 *   authorize(actor, 'attendance.manage');                 // 403 unless allowed at all
 *   authorize(actor, 'leave.apply', { userId: app.user_id }); // 403 unless within reach
 *   const scope = listScope(actor, 'leave.view');          // narrows a list: {} is everyone
 *   if (can(actor, 'dashboard.organisation')) ...          // a branch, no error
 *
 * New domains add their '<domain>.<verb>' actions to POLICIES and call these; nothing else.
 */

/** Whose data an action touches. */
export interface Resource {
  /** The person's; none for a device or a camera. */
  userId?: number;
  /** The person's department; needed only for a manager's (team) reach. */
  departmentId?: number | null;
  /** The site of the person (their effective one), device or camera; needed only for a site administrator. */
  siteId?: number;
}

/**
 * A 403 for want of a policy. When an API token lacked the scope, `missingScope` names it, so the
 * refusal is audited (http/authenticate.ts) with which scope it was.
 */
export class PolicyRefusal extends AppError {
  constructor(readonly missingScope?: Action) {
    super(
      'forbidden',
      missingScope
        ? `This API token does not have the scope ${missingScope}`
        : 'You do not have permission to do this',
    );
  }
}

/** Whether an API token acting as `actor` was given `action`; a person is never limited here. */
const scopeAllows = (actor: Actor, action: Action) => !actor.token || actor.token.scopes.includes(action);

/** Whether `actor` may do `action`; with a resource, also whether that person is within reach. */
export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  if (!scopeAllows(actor, action)) return false;
  const reach = reachOf(actor, action);
  return reach !== null && withinReach(actor, reach, resource);
}

/**
 * Whether a resource lies within a reach; no resource means the action as such. A site
 * administrator's action must name its site: a service that does not say where a row is refuses
 * them rather than reaching every site.
 */
export function withinReach(actor: Actor, reach: Reach, resource?: Resource): boolean {
  if (reach === 'site')
    return resource?.siteId !== undefined && (actor.siteIds?.includes(resource.siteId) ?? false);
  if (!resource || reach === 'all' || resource.userId === actor.userId) return true;
  return (
    reach === 'team' &&
    resource.departmentId != null &&
    (actor.teamDepartmentIds?.includes(resource.departmentId) ?? false)
  );
}

/** Throws the 403 AppError unless `can(actor, action, resource)`. */
export function authorize(actor: Actor, action: Action, resource?: Resource): void {
  if (!scopeAllows(actor, action)) throw new PolicyRefusal(action);
  if (!can(actor, action, resource)) throw new PolicyRefusal();
}

/**
 * The part of a list `actor` may see for `action`: `{}` is everyone's rows, otherwise only one
 * person's or the people of some departments (a manager's team). Throws 403 when the action is
 * not allowed at all.
 */
export interface ListScope {
  userId?: number;
  departmentIds?: readonly number[];
}

/**
 * The departments a list covers: the one asked for within the scope's (none when outside it), or
 * the scope's own; undefined is every department.
 */
export function departmentsWithin(scope: ListScope, chosen?: number): readonly number[] | undefined {
  if (scope.departmentIds === undefined) return chosen === undefined ? undefined : [chosen];
  if (chosen === undefined) return scope.departmentIds;
  return scope.departmentIds.includes(chosen) ? [chosen] : [];
}

export function listScope(actor: Actor, action: Action): ListScope {
  authorize(actor, action);
  const reach = reachOf(actor, action);
  if (reach === 'all') return {};
  if (reach === 'team') return { departmentIds: actor.teamDepartmentIds ?? [] };
  return { userId: actor.userId };
}
