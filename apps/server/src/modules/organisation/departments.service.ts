import type {
  Department,
  DepartmentSchedule,
  DepartmentSummary,
  ScheduleRequest,
  SchedulesResponse,
} from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Db } from '../../db/connection';
import { toDepartment } from '../people/people.presenter';
import { toDepartmentSummary, toSchedules } from './departments.presenter';
import {
  allScheduleVersions,
  deleteDepartment,
  departmentChain,
  departmentHeadcount,
  departmentSummaries,
  findDepartmentNamed,
  insertDepartment,
  lockDepartment,
  lockDepartmentTree,
  renameDepartment,
  setDepartmentParent,
  subDepartmentNames,
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
  ) {}

  async list(actor: Actor): Promise<DepartmentSummary[]> {
    authorize(actor, 'organisation.manage');
    return (await departmentSummaries(this.db)).map(toDepartmentSummary);
  }

  async create(actor: Actor, name: string): Promise<Department> {
    authorize(actor, 'organisation.manage');
    return this.db.transaction().execute(async (trx) => {
      if (await findDepartmentNamed(trx, name)) throw nameTaken(name);
      const department = await insertDepartment(trx, name).catch((error: unknown) => {
        throw hasCode(error, UNIQUE_VIOLATION) ? nameTaken(name) : error;
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.created',
        targetType: 'department',
        targetId: department.id,
        ip: actor.ip,
        details: { name },
      });
      return toDepartment(department);
    });
  }

  async rename(actor: Actor, id: number, name: string): Promise<Department> {
    authorize(actor, 'organisation.manage');
    return this.db.transaction().execute(async (trx) => {
      const old = await lockDepartment(trx, id);
      if (!old) throw notFound('Department');
      if (await findDepartmentNamed(trx, name, id)) throw nameTaken(name);
      const department = await renameDepartment(trx, id, name).catch((error: unknown) => {
        throw hasCode(error, UNIQUE_VIOLATION) ? nameTaken(name) : error;
      });
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'department.renamed',
        targetType: 'department',
        targetId: id,
        ip: actor.ip,
        details: { old: old.name, new: name },
      });
      return toDepartment(department);
    });
  }

  /**
   * Moves a department inside another (or to the top, null). Refused when the new parent is the
   * department itself or sits inside it, with the loop named; tree changes wait for each other.
   */
  async setParent(actor: Actor, id: number, parentId: number | null): Promise<Department> {
    authorize(actor, 'organisation.manage');
    return this.db.transaction().execute(async (trx) => {
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
  }

  /**
   * Refused while anyone (disabled people too: they keep their history) belongs to it. Nothing
   * else stops it: attendance and leave belong to people, not departments, and its schedule
   * versions and access permissions mean nothing without it.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'organisation.manage');
    await this.db.transaction().execute(async (trx) => {
      const department = await lockDepartment(trx, id);
      if (!department) throw notFound('Department');
      const { people, active } = await departmentHeadcount(trx, id);
      if (people > 0) throw stillHasPeople(department.name, people, active);
      const inside = await subDepartmentNames(trx, id);
      if (inside.length > 0) throw stillHasSubDepartments(department.name, inside);
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
    });
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
