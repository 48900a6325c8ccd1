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
  departmentHeadcount,
  departmentSummaries,
  findDepartmentNamed,
  insertDepartment,
  lockDepartment,
  renameDepartment,
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
