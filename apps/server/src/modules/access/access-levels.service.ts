import type {
  AccessGrant,
  AccessGrantsQuery,
  AccessGrantsResponse,
  AccessLevel,
  CreateAccessGrantRequest,
  CreateAccessLevelRequest,
  UpdateAccessGrantRequest,
  UpdateAccessLevelRequest,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { rowExists } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import {
  findGrant,
  type GrantRow,
  insertGrant,
  listGrants,
  deleteGrant as removeGrant,
  updateGrant,
} from './access-grants.repository';
import {
  deleteLevel,
  insertLevel,
  type LevelDoorInput,
  levelNameTaken,
  listLevels,
  replaceLevelDoors,
  unknownPoints,
  updateLevel,
} from './access-levels.repository';
import { decodeCursor, page } from './cursor';

const invalid = (field: string, rule: string, message: string) =>
  new AppError('validation_failed', message, [{ field, rule, message }]);

/**
 * Access levels and their grants, managed by administrators. Every change is audited and
 * announces `access_changed` in its transaction: the device sync writes it to the controllers.
 */
export class AccessLevelsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  async levels(actor: Actor): Promise<AccessLevel[]> {
    authorize(actor, 'access.manage');
    return listLevels(this.db);
  }

  async createLevel(actor: Actor, body: CreateAccessLevelRequest): Promise<AccessLevel> {
    authorize(actor, 'access.manage');
    const doors = body.doors as LevelDoorInput[];
    return this.db.transaction().execute(async (trx) => {
      await this.checkLevel(trx, body.name, doors);
      const { id } = await insertLevel(trx, body.name, body.description ?? '');
      await replaceLevelDoors(trx, id, doors);
      await this.changed(trx, actor, 'access_level.create', id, { name: body.name, doors });
      return (await listLevels(trx, id))[0]!;
    });
  }

  async updateLevel(actor: Actor, id: number, body: UpdateAccessLevelRequest): Promise<AccessLevel> {
    authorize(actor, 'access.manage');
    const doors = body.doors as LevelDoorInput[] | undefined;
    return this.db.transaction().execute(async (trx) => {
      await this.checkLevel(trx, body.name, doors, id);
      const updated = await updateLevel(trx, id, { name: body.name, description: body.description });
      if (!updated) throw notFound('Access level');
      if (doors) await replaceLevelDoors(trx, id, doors);
      await this.changed(trx, actor, 'access_level.update', id, { ...body });
      return (await listLevels(trx, id))[0]!;
    });
  }

  async deleteLevel(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'access.manage');
    await this.db.transaction().execute(async (trx) => {
      const gone = await deleteLevel(trx, id);
      if (!gone) throw notFound('Access level');
      await this.changed(trx, actor, 'access_level.delete', id, { name: gone.name });
    });
  }

  async grants(actor: Actor, query: AccessGrantsQuery): Promise<AccessGrantsResponse> {
    authorize(actor, 'access.manage');
    const limit = Number(query.limit ?? 50);
    const after = decodeCursor(query.cursor);
    const rows = await listGrants(this.db, {
      levelId: query.level_id as number | undefined,
      userId: query.user_id as number | undefined,
      departmentId: query.department_id as number | undefined,
      afterId: after?.id,
      limit,
    });
    const today = (await this.clock.today()).date;
    const { items, next_cursor } = page(rows, limit, (r) => ({ rank: 0, at: new Date(0), id: r.id }));
    return { grants: items.map((r) => toGrant(r, today)), next_cursor };
  }

  async createGrant(actor: Actor, body: CreateAccessGrantRequest): Promise<AccessGrant> {
    authorize(actor, 'access.manage');
    return this.db.transaction().execute(async (trx) => {
      if (!(await rowExists(trx, 'access_levels', body.level_id)))
        throw invalid('level_id', 'exists', 'The access level must be an existing one');
      if (body.user_id !== undefined && !(await rowExists(trx, 'users', body.user_id)))
        throw invalid('user_id', 'exists', 'The person must be an existing one');
      if (body.department_id !== undefined && !(await rowExists(trx, 'departments', body.department_id)))
        throw invalid('department_id', 'exists', 'The department must be an existing one');
      const id = await insertGrant(trx, {
        level_id: body.level_id,
        user_id: body.user_id ?? null,
        department_id: body.department_id ?? null,
        valid_from: body.valid_from ?? null,
        valid_until: body.valid_until ?? null,
        created_by: actor.userId,
      });
      if (id === undefined)
        throw new AppError(
          'conflict',
          'This access level is already granted to them: edit that grant instead',
        );
      await this.changed(trx, actor, 'access_grant.create', id, { ...body });
      return this.grantView(trx, id);
    });
  }

  async updateGrant(actor: Actor, id: number, body: UpdateAccessGrantRequest): Promise<AccessGrant> {
    authorize(actor, 'access.manage');
    return this.db.transaction().execute(async (trx) => {
      const before = await findGrant(trx, id);
      if (!before) throw notFound('Access grant');
      const from = body.valid_from === undefined ? before.valid_from : body.valid_from;
      const until = body.valid_until === undefined ? before.valid_until : body.valid_until;
      if (from && until && until < from)
        throw invalid('valid_until', 'order', 'valid_until must not be before valid_from');
      await updateGrant(trx, id, body);
      await this.changed(trx, actor, 'access_grant.update', id, {
        before: { status: before.status, valid_from: before.valid_from, valid_until: before.valid_until },
        after: body,
      });
      return this.grantView(trx, id);
    });
  }

  async deleteGrant(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'access.manage');
    await this.db.transaction().execute(async (trx) => {
      const before = await findGrant(trx, id);
      if (!before || !(await removeGrant(trx, id))) throw notFound('Access grant');
      await this.changed(trx, actor, 'access_grant.delete', id, {
        level: before.level_name,
        user_id: before.user_id,
        department_id: before.department_id,
      });
    });
  }

  private async grantView(db: Kysely<Database>, id: number): Promise<AccessGrant> {
    const row = await findGrant(db, id);
    if (!row) throw notFound('Access grant');
    return toGrant(row, (await this.clock.today()).date);
  }

  private async checkLevel(db: Kysely<Database>, name?: string, doors?: LevelDoorInput[], id?: number) {
    if (name !== undefined && (await levelNameTaken(db, name, id)))
      throw invalid('name', 'unique', 'An access level with this name exists already');
    const unknown = doors
      ? await unknownPoints(
          db,
          doors.map((d) => d.access_point_id),
        )
      : [];
    if (unknown.length)
      throw invalid(
        'doors',
        'exists',
        `Every door must be an existing access point (not ${unknown.join(', ')})`,
      );
  }

  private async changed(
    trx: Kysely<Database>,
    actor: Actor,
    action: string,
    targetId: number,
    details: Record<string, unknown>,
  ) {
    await recordAudit(trx, {
      actorUserId: actor.userId,
      ip: actor.ip,
      action,
      targetType: action.split('.')[0],
      targetId,
      details,
    });
    await this.bus.publish({ kind: 'access_changed' }, trx);
  }
}

function toGrant(r: GrantRow, today: string): AccessGrant {
  return {
    id: r.id,
    level_id: r.level_id,
    level_name: r.level_name,
    user_id: r.user_id,
    person_name: r.user_id === null ? null : `${r.first_name} ${r.last_name}`,
    department_id: r.department_id,
    department_name: r.department_name,
    status: r.status,
    valid_from: r.valid_from,
    valid_until: r.valid_until,
    effective:
      r.status === 'active' &&
      (!r.valid_from || r.valid_from <= today) &&
      (!r.valid_until || r.valid_until >= today),
  };
}
