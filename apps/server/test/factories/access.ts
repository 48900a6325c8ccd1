import type { Db } from '../../src/db/connection';
import { type NewAlert, raiseAlert } from '../../src/modules/access/alerts.repository';
import { newPushSecret } from '../../src/modules/access/devices.service';
import { type BatchRow, ensurePartitions, storeBatch } from '../../src/modules/access/ingest.repository';
import { hashSecret } from '../../src/modules/access/push.service';
import { makeDepartment, tag } from './people';

/** An access area (a name of its own unless given). */
export async function makeAccessArea(db: Db, options: { name?: string; description?: string } = {}) {
  return db
    .insertInto('access_areas')
    .values({ name: options.name ?? `Area ${tag()}`, description: options.description ?? '' })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export interface AccessPointOptions {
  name?: string;
  /** Its area; a new one unless given. */
  area?: { id: number };
  countsForAttendance?: boolean;
}

/** A door (an access point) in an area, made when not given. */
export async function makeAccessPoint(db: Db, options: AccessPointOptions = {}) {
  const area = options.area ?? (await makeAccessArea(db));
  const row = await db
    .insertInto('access_points')
    .values({
      name: options.name ?? `Door ${tag()}`,
      area_id: area.id,
      counts_for_attendance: options.countsForAttendance ?? false,
    })
    .returning(['id', 'name', 'area_id', 'counts_for_attendance'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, areaId: row.area_id, countsForAttendance: row.counts_for_attendance };
}

export interface DeviceOptions {
  /** The device's code (HK-101); a unique one unless given. */
  code?: string;
  type?: 'access_controller' | 'counter';
  /** The code unless given. */
  name?: string;
  model?: string | null;
  location?: string;
  /** The door it reads at, if any. */
  accessPoint?: { id: number } | null;
  direction?: 'entry' | 'exit' | 'both';
  status?: 'online' | 'offline' | 'maintenance';
  lastSeenAt?: Date | null;
  /** Gives it a push secret (returned as `secret`), as the admin screen does. */
  pushes?: boolean;
}

export interface TestDevice {
  id: number;
  code: string;
  /** The push secret, when it pushes. */
  secret: string | null;
  accessPointId: number | null;
}

/** A device (a door controller unless `type` says counter); offline and without a secret unless told. */
export async function makeDevice(db: Db, options: DeviceOptions = {}): Promise<TestDevice> {
  const code = options.code ?? `HK-${tag()}`;
  const secret = options.pushes ? newPushSecret() : null;
  const accessPointId = options.accessPoint?.id ?? null;
  const row = await db
    .insertInto('devices')
    .values({
      device_id: code,
      type: options.type ?? 'access_controller',
      name: options.name ?? code,
      model: options.model ?? null,
      location: options.location ?? '',
      access_point_id: accessPointId,
      direction: options.direction ?? 'both',
      status: options.status ?? 'offline',
      last_seen_at: options.lastSeenAt ?? null,
      push_secret_hash: secret === null ? null : hashSecret(secret),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, secret, accessPointId };
}

export interface AccessEventOptions {
  /** The device that saw it. */
  device: Pick<TestDevice, 'id' | 'code' | 'accessPointId'>;
  at: Date | string;
  kind?: 'granted' | 'denied' | 'door' | 'alarm' | 'device';
  /** A granted passage's way; entry unless given. Other kinds have none. */
  action?: 'entry' | 'exit';
  user?: { id: number } | null;
  major?: number;
  /** 1 (granted by card) for granted, 9 (card not known) for denied unless given. */
  minor?: number;
  serialNo?: number | null;
  /** The device's event key; a new one unless given. */
  eventKey?: number;
}

let eventKey = 900_000;

/**
 * Events stored as ingestion stores a batch of them (storeBatch): each once, with the people's
 * presence and the day counters kept in step. No alert is raised; make one with `makeAlert`.
 */
export async function makeAccessEvents(db: Db, events: AccessEventOptions[]) {
  const rows: BatchRow[] = events.map((e) => {
    const kind = e.kind ?? 'granted';
    return {
      device_ref: e.device.id,
      device_code: e.device.code,
      serial_no: e.serialNo ?? null,
      event_key: e.eventKey ?? eventKey++,
      occurred_at: new Date(e.at),
      major: e.major ?? 5,
      minor: e.minor ?? (kind === 'denied' ? 9 : 1),
      kind,
      action: kind === 'granted' ? (e.action ?? 'entry') : null,
      access_point_id: e.device.accessPointId,
      user_id: e.user?.id ?? null,
      card_no: null,
      employee_no: null,
      verify_mode: null,
      reader_no: null,
      door_no: null,
      backlog: false,
      raw: '{}',
      picture_path: null,
      alert: null,
    };
  });
  const months = [...new Set(rows.map((r) => `${r.occurred_at.toISOString().slice(0, 7)}-01`))];
  await ensurePartitions(db, months);
  const outcome = await storeBatch(db, rows, { seen: [], deferAttendance: false });
  return outcome.stored.map((s) => ({ id: s.id, index: s.index }));
}

export async function makeAccessEvent(db: Db, event: AccessEventOptions) {
  const [stored] = await makeAccessEvents(db, [event]);
  return stored!;
}

/** An open alert, raised as the product raises them (access, high, now, unless given). */
export async function makeAlert(db: Db, alert: Partial<NewAlert> & { kind: string }) {
  return (await raiseAlert(db, {
    source: 'access',
    severity: 'high',
    message: alert.kind,
    occurred_at: new Date(),
    ...alert,
  }))!;
}

export interface LevelDoor {
  pointId: number;
  days?: number[];
  starts?: string;
  ends?: string;
}

/** An access level: doors, each open on its schedule (every day, all day unless given). */
export async function makeAccessLevel(
  db: Db,
  options: { name?: string; description?: string; doors: LevelDoor[] },
) {
  const level = await db
    .insertInto('access_levels')
    .values({ name: options.name ?? `Level ${tag()}`, description: options.description ?? '' })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  if (options.doors.length)
    await db
      .insertInto('access_level_doors')
      .values(
        options.doors.map((d) => ({
          level_id: level.id,
          access_point_id: d.pointId,
          days: d.days ?? [1, 2, 3, 4, 5, 6, 7],
          starts: d.starts ?? '00:00',
          ends: d.ends ?? '24:00',
        })),
      )
      .execute();
  return level;
}

export interface PermissionOptions {
  level: { id: number };
  /** One of the two: a person or a whole department (by name or row). */
  user?: { id: number };
  department?: string | { id: number };
  status?: 'active' | 'suspended';
  validFrom?: string | null;
  validUntil?: string | null;
}

/** An access level granted to a person or a department. */
export async function makeAccessPermission(db: Db, options: PermissionOptions) {
  const department =
    typeof options.department === 'string'
      ? await makeDepartment(db, options.department)
      : options.department;
  return db
    .insertInto('access_permissions')
    .values({
      level_id: options.level.id,
      user_id: options.user?.id ?? null,
      department_id: department?.id ?? null,
      status: options.status ?? 'active',
      valid_from: options.validFrom ?? null,
      valid_until: options.validUntil ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
