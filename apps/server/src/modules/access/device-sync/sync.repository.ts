import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';

/** A person who should be on a controller, with every schedule that opens its door for them. */
export interface DesiredRow {
  employee_no: string;
  name: string;
  card_no: string;
  valid_from: string | null;
  valid_until: string | null;
  /** "1,2,3,4,5 06:00-20:00" each. */
  schedules: string[];
}

/**
 * Everyone whose effective grant (active, not over by `today`) opens the access point, directly
 * or through their department; their validity runs from the latest of their start date and the
 * earliest grant's first day to the latest grant's last day (open-ended if any grant is).
 */
export async function desiredPeople(
  db: Kysely<Database>,
  accessPointId: number,
  today: string,
): Promise<DesiredRow[]> {
  const { rows } = await sql<DesiredRow>`
    WITH g AS (
      SELECT p.user_id AS uid, p.valid_from, p.valid_until, d.days, d.starts, d.ends
      FROM access_level_doors d
      JOIN access_permissions p ON p.level_id = d.level_id
      WHERE d.access_point_id = ${accessPointId} AND p.status = 'active' AND p.user_id IS NOT NULL
        AND (p.valid_until IS NULL OR p.valid_until >= ${today}::date)
      UNION ALL
      SELECT u.id, p.valid_from, p.valid_until, d.days, d.starts, d.ends
      FROM access_level_doors d
      JOIN access_permissions p ON p.level_id = d.level_id
      JOIN users u ON u.department_id = p.department_id
      WHERE d.access_point_id = ${accessPointId} AND p.status = 'active' AND p.department_id IS NOT NULL
        AND (p.valid_until IS NULL OR p.valid_until >= ${today}::date)
    )
    SELECT u.employee_number AS employee_no,
           u.first_name || ' ' || u.last_name AS name,
           u.badge_number AS card_no,
           to_char(GREATEST(u.start_date,
             CASE WHEN bool_or(g.valid_from IS NULL) THEN NULL ELSE min(g.valid_from) END), 'YYYY-MM-DD') AS valid_from,
           CASE WHEN bool_or(g.valid_until IS NULL) THEN NULL
                ELSE to_char(max(g.valid_until), 'YYYY-MM-DD') END AS valid_until,
           array_agg(DISTINCT (SELECT string_agg(x::text, ',' ORDER BY x) FROM unnest(g.days) x)
             || ' ' || to_char(g.starts, 'HH24:MI') || '-' || to_char(g.ends, 'HH24:MI')) AS schedules
    FROM g JOIN users u ON u.id = g.uid
    WHERE u.active
    GROUP BY u.id`.execute(db);
  return rows;
}

export interface MirrorRow {
  employee_no: string;
  fingerprint: string;
  card_no: string | null;
}

export async function mirrorOf(db: Kysely<Database>, deviceId: number): Promise<MirrorRow[]> {
  return db
    .selectFrom('device_people')
    .select(['employee_no', 'fingerprint', 'card_no'])
    .where('device_id', '=', deviceId)
    .execute();
}

export async function plansOf(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('device_plans')
    .select(['plan_no', 'schedule'])
    .where('device_id', '=', deviceId)
    .execute();
}

export async function savePlan(db: Kysely<Database>, deviceId: number, planNo: number, schedule: string) {
  await db
    .insertInto('device_plans')
    .values({ device_id: deviceId, plan_no: planNo, schedule })
    .onConflict((oc) => oc.columns(['device_id', 'plan_no']).doUpdateSet({ schedule }))
    .execute();
}

/** Forgets what Atrium believed is on the device: everything is written again. */
export async function forgetMirror(db: Kysely<Database>, deviceId: number) {
  await db.deleteFrom('device_people').where('device_id', '=', deviceId).execute();
  await db.deleteFrom('device_plans').where('device_id', '=', deviceId).execute();
}

export async function saveWritten(db: Kysely<Database>, deviceId: number, rows: MirrorRow[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('device_people')
    .values(rows.map((r) => ({ device_id: deviceId, ...r, written_at: new Date() })))
    .onConflict((oc) =>
      oc.columns(['device_id', 'employee_no']).doUpdateSet((eb) => ({
        fingerprint: eb.ref('excluded.fingerprint'),
        card_no: eb.ref('excluded.card_no'),
        written_at: eb.ref('excluded.written_at'),
      })),
    )
    .execute();
}

export async function saveDeleted(db: Kysely<Database>, deviceId: number, employeeNos: string[]) {
  if (employeeNos.length === 0) return;
  await db
    .deleteFrom('device_people')
    .where('device_id', '=', deviceId)
    .where('employee_no', 'in', employeeNos)
    .execute();
}

/** Controllers whose turn it is: in service, not removed, not waiting out a backoff. */
export async function controllersDue(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('devices')
    .select('id')
    .where('type', '=', 'access_controller')
    .where('removed_at', 'is', null)
    .where('status', '<>', 'maintenance')
    .where('address', 'is not', null)
    .where('command_password', 'is not', null)
    .where((eb) => eb.or([eb('sync_retry_at', 'is', null), eb('sync_retry_at', '<=', now)]))
    .orderBy('id')
    .execute();
}

/** Takes the device for `ms` unless another process holds it; its row when taken. */
export async function takeLease(db: Kysely<Database>, deviceId: number, now: Date, ms: number) {
  return db
    .updateTable('devices')
    .set({ sync_lease_until: new Date(now.getTime() + ms) })
    .where('id', '=', deviceId)
    .where('removed_at', 'is', null)
    .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

export interface SyncProgress {
  sync_pending?: number;
  sync_total?: number;
  synced_at?: Date | null;
  sync_error?: string | null;
  sync_failures?: number;
  sync_retry_at?: Date | null;
  sync_lease_until?: Date | null;
  resync_requested?: boolean;
}

export async function setProgress(db: Kysely<Database>, deviceId: number, progress: SyncProgress) {
  await db.updateTable('devices').set(progress).where('id', '=', deviceId).execute();
}

export async function requestResync(db: Kysely<Database>, deviceId: number) {
  return db
    .updateTable('devices')
    .set({ resync_requested: true, sync_error: null, sync_failures: 0, sync_retry_at: null })
    .where('id', '=', deviceId)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}
