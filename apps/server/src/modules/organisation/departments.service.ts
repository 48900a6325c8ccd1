import type {
  Department,
  DepartmentManagersResponse,
  DepartmentNameRequest,
  DepartmentSchedule,
  DepartmentSummary,
  ScheduleRequest,
  SchedulesResponse,
} from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { Db } from '../../db/connection';
import { requireSite } from '../../db/row-exists';
import type { SessionCache } from '../auth/session-cache';
import { toDepartment, usersChanged } from '../people/people.presenter';
import { toDepartmentSummary, toSchedules } from './departments.presenter';
import {
  activePeopleAmong,
  allManagerIds,
  allScheduleVersions,
  deleteDepartment,
  departmentChain,
  departmentHeadcount,
  departmentManagers,
  departmentSummaries,
  findDepartmentNamed,
  insertDepartment,
  lockDepartment,
  lockDepartmentTree,
  replaceDepartmentManagers,
  setDepartmentParent,
  subDepartmentNames,
  updateDepartment,
  upsertScheduleVersion,
} from './departments.repository';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

const nameTaken = (name: string) =>
  new AppError('conflict', `A department named ${name} already exists`, [
    { field: 'name', rule: 'unique', message: 'This is already the name of a department' },
  ]);

const stillHasPeople = (name: string, people: number, active: number) => {
  const disabled = people - active;
  const who = people === 1 ? '1 person' : `${people} people`;
  const detail = disabled > 0 ? ` (${active} active, ${disabled} disabled)` : '';
  return new AppError(
    'conflict',
    `${name} still has ${who}${detail}. Move them to another department before deleting it.`,
  );
};

const noSuchParent = () =>
  new AppError('validation_failed', 'parentId: no department has this id', [
    { field: 'parentId', rule: 'exists', message: 'No department has this id' },
  ]);

/**
 * The loop moving `name` inside `chain[0]` would make, as a path from the top: `chain` runs from the
 * new parent up to the department itself ("Sales > Retail > Sales": Retail already sits in Sales).
 */
const wouldLoop = (name: string, chain: { name: string }[]) => {
  const loop = [...chain.map((d) => d.name).reverse(), name].join(' > ');
  const message =
    chain.length === 1
      ? `${name} cannot sit inside itself`
      : `${name} cannot sit inside ${chain[0]!.name}, which already sits inside it (${loop})`;
  return new AppError('conflict', message, [
    { field: 'parentId', rule: 'no_loop', message: `That would make a loop: ${loop}` },
  ]);
};

const notActivePeople = (ids: number[]) => {
  const message = `Managers must be active people; ${ids.length === 1 ? 'this id is not one' : 'these ids are not'}: ${ids.join(', ')}`;
  return new AppError('validation_failed', `managerIds: ${message}`, [
    { field: 'managerIds', rule: 'active_person', message },
  ]);
};

const stillHasSubDepartments = (name: string, names: string[]) =>
  new AppError(
    'conflict',
    `${name} still has ${names.length === 1 ? 'a sub-department' : 'sub-departments'} (${names.join(', ')}). Move ${names.length === 1 ? 'it' : 'them'} elsewhere before deleting it.`,
  );

/**
 * Departments and their work schedules: administrators only, every change audited. A schedule
 * change is a new version in force from the organisation's today, so earlier days keep being
 * judged by the schedule they had.
 */
export class DepartmentsService {
  constructor(
    private readonly db: Db,
    private readonly clock: OrgClock,
    private readonly bus: EventBus,
    private readonly sessions: SessionCache,
    private readonly teamsChanged: TransactionHooks<TeamsChanged>,
  ) {}

  /**
   * Managers' standing follows these changes (standing.repository.ts): their sessions are read again, in
   * every process, so a reach or a role that changed applies to their next request and socket.
   */
  private async standingChanged(trx: Db, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.bus.publish(usersChanged(userIds), trx);
  }

  private forgetSessions(userIds: number[]): void {
    if (userIds.length > 0) this.sessions.forgetUsers(userIds);
  }

  /**
   * A department's managers, in order: the first decides, the others stand in. Any active people;
   * managing a department reaches every one below it, and a staff member who manages one acts as
   * a manager until they manage none.
   */
  async setManagers(actor: Actor, id: number, managerIds: number[]): Promise<DepartmentManagersResponse> {
    authorize(actor, 'organisation.manage');
    const touched: number[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const department = await lockDepartment(trx, id);
      if (!department) throw notFound('Department');
      const active = await activePeopleAmong(trx, managerIds);
      const missing = managerIds.filter((m) => !active.has(m));
      if (missing.length > 0) throw notActivePeople(missing);
      const before = await departmentManagers(trx, id);
      await replaceDepartmentManagers(trx, id, managerIds);
      touched.push(...new Set([...before.map((m) => m.id), ...managerIds]));
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.managers_changed',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details: { name: department.name, old: before.map((m) => m.id), new: managerIds },
      });
      await this.standingChanged(trx, touched);
      await this.teamsChanged.run(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        reason: `Managers of ${department.name} changed`,
        scope: { departmentIds: [id] },
      });
      const managers = await departmentManagers(trx, id);
      return { department: toDepartment({ ...department, manager_id: managerIds[0] ?? null }), managers };
    });
    this.forgetSessions(touched);
    return result;
  }

  async list(actor: Actor): Promise<DepartmentSummary[]> {
    authorize(actor, 'organisation.manage');
    return (await departmentSummaries(this.db)).map(toDepartmentSummary);
  }

  /** A new department, at the site named or else the organisation's first. */
  async create(actor: Actor, { name, siteId }: DepartmentNameRequest): Promise<Department> {
    authorize(actor, 'organisation.manage');
    return this.db.transaction().execute(async (trx) => {
      if (siteId !== undefined) await requireSite(trx, siteId);
      if (await findDepartmentNamed(trx, name)) throw nameTaken(name);
      const department = await insertDepartment(trx, name, siteId).catch((error: unknown) => {
        throw hasCode(error, UNIQUE_VIOLATION) ? nameTaken(name) : error;
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.created',
        targetType: 'department',
        targetId: department.id,
        ip: actor.ip,
        details: { name, siteId: department.site_id },
      });
      await this.bus.publish(siteCountsChanged(), trx);
      return toDepartment(department);
    });
  }

  /**
   * Renames a department and, with `siteId`, moves it to another site. Its people without a site
   * of their own move with it, for their days from now on only: attendance records keep the work
   * date they were stored with, so nothing of the past is rewritten.
   */
  async rename(actor: Actor, id: number, { name, siteId }: DepartmentNameRequest): Promise<Department> {
    authorize(actor, 'organisation.manage');
    return this.db.transaction().execute(async (trx) => {
      const old = await lockDepartment(trx, id);
      if (!old) throw notFound('Department');
      if (siteId !== undefined) await requireSite(trx, siteId);
      if (await findDepartmentNamed(trx, name, id)) throw nameTaken(name);
      const department = await updateDepartment(trx, id, name, siteId).catch((error: unknown) => {
        throw hasCode(error, UNIQUE_VIOLATION) ? nameTaken(name) : error;
      });
      const details: Record<string, unknown> = { old: old.name, new: name };
      if (department.site_id !== old.site_id)
        details.site = {
          old: { id: old.site_id, name: old.site },
          new: { id: department.site_id, name: department.site },
        };
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.renamed',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details,
      });
      // Its people who follow it move too.
      if (department.site_id !== old.site_id) await this.bus.publish(siteCountsChanged(), trx);
      return toDepartment(department);
    });
  }

  /**
   * Moves a department inside another (or to the top, null). Refused when the new parent is the
   * department itself or sits inside it, with the loop named; tree changes wait for each other.
   */
  async setParent(actor: Actor, id: number, parentId: number | null): Promise<Department> {
    authorize(actor, 'organisation.manage');
    const touched: number[] = [];
    const moved = await this.db.transaction().execute(async (trx) => {
      await lockDepartmentTree(trx);
      const old = await lockDepartment(trx, id);
      if (!old) throw notFound('Department');
      if (parentId !== null) {
        // The new parent and everything it sits inside, up to the top.
        const chain = await departmentChain(trx, parentId);
        if (chain.length === 0) throw noSuchParent();
        const at = chain.findIndex((d) => d.id === id);
        if (at !== -1) throw wouldLoop(old.name, chain.slice(0, at + 1));
      }
      const department = await setDepartmentParent(trx, id, parentId);
      // Whoever manages a department above it before or after now reaches more or less.
      touched.push(...(await allManagerIds(trx)));
      await this.standingChanged(trx, touched);
      await this.teamsChanged.run(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        reason: `${old.name} moved in the department tree`,
        scope: { departmentIds: [id] },
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.parent_changed',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details: { name: old.name, oldParentId: old.parent_id, newParentId: parentId },
      });
      return toDepartment(department);
    });
    this.forgetSessions(touched);
    return moved;
  }

  /**
   * Refused while anyone (disabled people too: they keep their history) belongs to it. Nothing
   * else stops it: attendance and leave belong to people, not departments, and its schedule
   * versions and access permissions mean nothing without it.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'organisation.manage');
    const touched: number[] = [];
    await this.db.transaction().execute(async (trx) => {
      const department = await lockDepartment(trx, id);
      if (!department) throw notFound('Department');
      const { people, active } = await departmentHeadcount(trx, id);
      if (people > 0) throw stillHasPeople(department.name, people, active);
      const inside = await subDepartmentNames(trx, id);
      if (inside.length > 0) throw stillHasSubDepartments(department.name, inside);
      // Its managers go with it (ON DELETE CASCADE), and maybe their standing.
      touched.push(...(await departmentManagers(trx, id)).map((m) => m.id));
      await this.standingChanged(trx, touched);
      // Someone moved in after the count: the users foreign key refuses the delete.
      await deleteDepartment(trx, id).catch((error: unknown) => {
        throw hasCode(error, FOREIGN_KEY_VIOLATION) ? stillHasPeople(department.name, 1, 1) : error;
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.deleted',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details: { name: department.name },
      });
      await this.bus.publish(siteCountsChanged(), trx);
    });
    this.forgetSessions(touched);
  }

  async schedules(actor: Actor): Promise<SchedulesResponse> {
    authorize(actor, 'organisation.manage');
    const { date: today } = await this.clock.today();
    return { today, schedules: toSchedules(await allScheduleVersions(this.db), today) };
  }

  /** A second change on the same day replaces that day's version. */
  async setSchedule(actor: Actor, id: number, input: ScheduleRequest): Promise<DepartmentSchedule> {
    authorize(actor, 'organisation.manage');
    const { date: today } = await this.clock.today();
    const next = {
      effective_from: today,
      workdays: [...input.workdays].sort((a, b) => a - b),
      start_time: input.startTime,
      end_time: input.endTime,
      grace_minutes: input.graceMinutes,
    };
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockDepartment(trx, id))) throw notFound('Department');
      const [before] = toSchedules(await allScheduleVersions(trx, id), today);
      await upsertScheduleVersion(trx, id, next);
      const [after] = toSchedules(await allScheduleVersions(trx, id), today);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.schedule_changed',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details: { effectiveFrom: today, old: before?.current ?? null, new: after!.current },
      });
      return after!;
    });
  }
}
