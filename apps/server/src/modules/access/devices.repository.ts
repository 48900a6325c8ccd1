import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, DevicesTable } from '../../db/schema';

export type DeviceRow = Selectable<DevicesTable>;

/** A device that pushes, and whether its access point counts for attendance. */
export type PushingDevice = DeviceRow & { counts_for_attendance: boolean | null };

/** The devices these push secret hashes belong to, by hash. */
export async function findDevicesByPushHashes(
  db: Kysely<Database>,
  hashes: string[],
): Promise<Map<string, PushingDevice>> {
  const rows = await db
    .selectFrom('devices as d')
    .leftJoin('access_points as p', 'p.id', 'd.access_point_id')
    .selectAll('d')
    .select('p.counts_for_attendance')
    .where('d.push_secret_hash', 'in', hashes)
    .execute();
  return new Map(rows.map((row) => [row.push_secret_hash!, row]));
}

export async function findDevice(db: Kysely<Database>, id: number): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

export async function findDeviceByCode(db: Kysely<Database>, code: string): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('device_id', '=', code)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Devices were heard from: an offline device is online again, and last_seen moves forward
 * (written at most every few seconds per device, so a busy door does not rewrite its row for
 * every event). Returns the devices that came back online.
 */
export async function markSeen(db: Kysely<Database>, seen: { id: number; at: Date }[]) {
  if (seen.length === 0) return [];
  const latest = new Map<number, Date>();
  for (const s of seen) if ((latest.get(s.id)?.getTime() ?? 0) < s.at.getTime()) latest.set(s.id, s.at);
  const ids = [...latest.keys()].sort((a, b) => a - b);
  const ats = ids.map((id) => latest.get(id)!);
  // The subquery reads the rows as they were, so `was` tells which devices came back.
  const result = await sql<{ id: number; device_id: string; type: string; last_seen_at: Date; was: string }>`
    UPDATE devices d SET
      status = CASE WHEN o.was = 'offline' THEN 'online' ELSE d.status END,
      last_seen_at = GREATEST(d.last_seen_at, o.at)
    FROM (SELECT d0.id, d0.status AS was, s.at FROM devices d0
          JOIN unnest(${ids}::int[], ${ats}::timestamptz[]) AS s(id, at) ON s.id = d0.id) o
    WHERE d.id = o.id AND (o.was = 'offline' OR d.last_seen_at IS NULL OR d.last_seen_at < o.at - interval '5 seconds')
    RETURNING d.id, d.device_id, d.type, d.last_seen_at, o.was`.execute(db);
  return result.rows.filter((r) => r.was === 'offline');
}

/** Online devices not heard from since `before` turn offline; returns them. */
export async function markSilentOffline(db: Kysely<Database>, before: Date) {
  return db
    .updateTable('devices')
    .set({ status: 'offline', updated_at: new Date() })
    .where('status', '=', 'online')
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', before)]))
    .returning(['id', 'device_id', 'type', 'last_seen_at'])
    .execute();
}

/** How many people Atrium has written to the device. */
const syncPeople = sql<number>`(SELECT count(*)::int FROM device_people dp WHERE dp.device_id = d.id)`.as(
  'sync_people',
);

export async function listDevices(db: Kysely<Database>, type?: 'access_controller' | 'counter') {
  let q = db
    .selectFrom('devices as d')
    .leftJoin('access_points as p', 'p.id', 'd.access_point_id')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .selectAll('d')
    .select(['p.name as access_point', 's.name as site', syncPeople])
    .where('d.removed_at', 'is', null);
  if (type) q = q.where('d.type', '=', type);
  return q.orderBy('d.device_id').execute();
}

export async function findDeviceView(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('devices as d')
    .leftJoin('access_points as p', 'p.id', 'd.access_point_id')
    .innerJoin('sites as s', 's.id', 'd.site_id')
    .selectAll('d')
    .select(['p.name as access_point', 's.name as site', syncPeople])
    .where('d.id', '=', id)
    .where('d.removed_at', 'is', null)
    .executeTakeFirst();
}

/** A device being registered, with what it said it is. */
export type NewDevice = Omit<Insertable<DevicesTable>, 'id' | 'created_at' | 'updated_at' | 'removed_at'>;

/**
 * Registers a device; a removed one with the same serial number or code comes back as that row
 * (its history with it). Undefined when one in service already has the serial number or code.
 */
export async function insertDevice(db: Kysely<Database>, device: NewDevice, at: Date) {
  const back = await db
    .updateTable('devices')
    .set({ ...device, removed_at: null, last_seen_at: null, updated_at: at })
    .where('removed_at', 'is not', null)
    .where((eb) =>
      eb.or([eb('serial_number', '=', device.serial_number ?? ''), eb('device_id', '=', device.device_id)]),
    )
    .returningAll()
    .executeTakeFirst();
  if (back) return back;
  return db
    .insertInto('devices')
    .values({ ...device, created_at: at, updated_at: at })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A device in service with this serial number or code, if any. */
export async function findRegistered(db: Kysely<Database>, serialNumber: string, code: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'device_id', 'name', 'serial_number'])
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('serial_number', '=', serialNumber), eb('device_id', '=', code)]))
    .executeTakeFirst();
}

/** Out of service for good: no push accepted, no command sent, no longer listed or watched. */
export async function markRemoved(db: Kysely<Database>, id: number, at: Date) {
  return db
    .updateTable('devices')
    .set({
      removed_at: at,
      updated_at: at,
      push_secret_hash: null,
      command_password: null,
      status: 'offline',
    })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export interface DeviceChange {
  name?: string;
  location?: string;
  access_point_id?: number | null;
  direction?: 'entry' | 'exit' | 'both';
  status?: 'online' | 'offline' | 'maintenance';
  address?: string | null;
  command_username?: string | null;
  command_password?: string | null;
  push_secret_hash?: string | null;
  push_configured_at?: Date | null;
  push_error?: string | null;
  site_id?: number;
}

export async function updateDevice(db: Kysely<Database>, id: number, change: DeviceChange, at: Date) {
  return db
    .updateTable('devices')
    .set({ ...change, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function lockDevice(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The site of an access point, which a device bound to it without a site of its own takes. */
export async function accessPointSiteId(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('access_points').select('site_id').where('id', '=', id).executeTakeFirst();
  return row?.site_id;
}

/** A door is in the building its controller is in: the access point takes its device's site. */
export async function placeAccessPoint(db: Kysely<Database>, id: number, siteId: number): Promise<void> {
  await db
    .updateTable('access_points')
    .set({ site_id: siteId })
    .where('id', '=', id)
    .where('site_id', '<>', siteId)
    .execute();
}

export async function findAccessPointByName(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('access_points')
    .select(['id', 'name', 'counts_for_attendance'])
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export type AccessPointRow = Awaited<ReturnType<typeof listAccessPoints>>[number];

export async function listAccessPoints(db: Kysely<Database>) {
  return db
    .selectFrom('access_points as p')
    .innerJoin('access_areas as a', 'a.id', 'p.area_id')
    .select(['p.id', 'p.name', 'p.area_id', 'a.name as area_name', 'p.counts_for_attendance', 'p.site_id'])
    .orderBy('p.name')
    .execute();
}
