import type { AlertSeverity, AlertSource, AlertState } from '@atrium/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AlertsTable, Database } from '../../db/schema';

/**
 * The one alerts table that doors, cameras, counters and the system share. Other domains call
 * `raiseAlert` and `resolveAlerts` inside their own transaction, then publish `access_alert`
 * (see alerts.ts `alertLiveEvent`) with the same transaction so it goes out on commit.
 */

export type AlertRow = Selectable<AlertsTable> & { acknowledged_by_name?: string | null };

export interface NewAlert {
  source: AlertSource;
  /** Lower-case words with underscores: door_forced_open, device_offline, camera_offline, ... */
  kind: string;
  severity: AlertSeverity;
  message: string;
  /** The device or camera code users see (HK-101, CAM-01). */
  device_id?: string | null;
  camera_id?: number | null;
  access_event_id?: number | null;
  occurred_at: Date;
  /**
   * A state rather than an occurrence (offline, tamper still present): raise it only when no
   * unresolved alert of the same source, kind and device/camera exists. Returns undefined then.
   */
  once?: boolean;
}

/** Inserts an alert; with `once`, only when the same condition is not already open. */
export async function raiseAlert(db: Kysely<Database>, alert: NewAlert): Promise<AlertRow | undefined> {
  const values = {
    source: alert.source,
    kind: alert.kind,
    severity: alert.severity,
    message: alert.message,
    device_id: alert.device_id ?? null,
    camera_id: alert.camera_id ?? null,
    access_event_id: alert.access_event_id ?? null,
    occurred_at: alert.occurred_at,
  };
  if (!alert.once) {
    return db.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();
  }
  // Serialises raisers of the same condition so two processes cannot both open it.
  const key = `${alert.source}:${alert.kind}:${values.device_id ?? ''}:${values.camera_id ?? ''}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
  const open = await openAlerts(db, alert).select('id').executeTakeFirst();
  if (open) return undefined;
  return db.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();
}

export interface AlertCondition {
  source: AlertSource;
  kind: string;
  device_id?: string | null;
  camera_id?: number | null;
}

function openAlerts(db: Kysely<Database>, c: AlertCondition) {
  let q = db
    .selectFrom('alerts')
    .where('source', '=', c.source)
    .where('kind', '=', c.kind)
    .where('resolved_at', 'is', null);
  if (c.device_id != null) q = q.where('device_id', '=', c.device_id);
  if (c.camera_id != null) q = q.where('camera_id', '=', c.camera_id);
  return q;
}

/** Marks every unresolved alert of that condition resolved (the device is back, ...). */
export async function resolveAlerts(
  db: Kysely<Database>,
  c: AlertCondition & { at?: Date },
): Promise<AlertRow[]> {
  let q = db
    .updateTable('alerts')
    .set({ resolved_at: c.at ?? new Date() })
    .where('source', '=', c.source)
    .where('kind', '=', c.kind)
    .where('resolved_at', 'is', null);
  if (c.device_id != null) q = q.where('device_id', '=', c.device_id);
  if (c.camera_id != null) q = q.where('camera_id', '=', c.camera_id);
  return q.returningAll().execute();
}

/** Alerts that need attention: neither acknowledged nor resolved. */
/** Alerts neither acknowledged nor resolved; with a site, those of its devices and cameras. */
export async function countActiveAlerts(db: Kysely<Database>, siteId?: number): Promise<number> {
  let query = db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('resolved_at', 'is', null)
    .where('acknowledged_at', 'is', null);
  if (siteId !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb('device_id', 'in', eb.selectFrom('devices').select('device_id').where('site_id', '=', siteId)),
        eb('device_id', 'in', eb.selectFrom('cameras').select('code').where('site_id', '=', siteId)),
      ]),
    );
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AlertListFilter {
  state?: AlertState;
  source?: AlertSource;
  severity?: AlertSeverity;
  /** Keyset position: (rank, occurred_at, id) of the last row of the previous page. */
  after?: { rank: number; at: Date; id: number };
  limit: number;
}

/**
 * 0 active, 1 acknowledged (not resolved), 2 resolved: the default list shows active first, then
 * acknowledged, then resolved, newest first within each.
 */
const RANK = sql<number>`(CASE WHEN a.resolved_at IS NOT NULL THEN 2 WHEN a.acknowledged_at IS NOT NULL THEN 1 ELSE 0 END)`;

export async function listAlerts(db: Kysely<Database>, f: AlertListFilter) {
  let q = db
    .selectFrom('alerts as a')
    .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
    .selectAll('a')
    .select([
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`.as(
        'acknowledged_by_name',
      ),
      RANK.as('rank'),
    ]);
  if (f.state === 'active') q = q.where('a.resolved_at', 'is', null).where('a.acknowledged_at', 'is', null);
  if (f.state === 'acknowledged')
    q = q.where('a.resolved_at', 'is', null).where('a.acknowledged_at', 'is not', null);
  if (f.state === 'resolved') q = q.where('a.resolved_at', 'is not', null);
  if (f.source) q = q.where('a.source', '=', f.source);
  if (f.severity) q = q.where('a.severity', '=', f.severity);
  if (f.after) {
    const { rank, at, id } = f.after;
    q = q.where(
      sql<boolean>`(${RANK} > ${rank} OR (${RANK} = ${rank} AND (a.occurred_at, a.id) < (${at}, ${id}::bigint)))`,
    );
  }
  return q.orderBy(RANK).orderBy('a.occurred_at', 'desc').orderBy('a.id', 'desc').limit(f.limit).execute();
}

export async function findAlert(db: Kysely<Database>, id: number): Promise<AlertRow | undefined> {
  return db
    .selectFrom('alerts as a')
    .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
    .selectAll('a')
    .select(
      sql<string | null>`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`.as(
        'acknowledged_by_name',
      ),
    )
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Acknowledges once: a second acknowledgement returns nothing and changes nothing. */
export async function acknowledgeAlert(
  db: Kysely<Database>,
  id: number,
  by: number,
  note: string | null,
  at: Date,
) {
  return db
    .updateTable('alerts')
    .set({ acknowledged_by: by, acknowledged_at: at, acknowledge_note: note })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Whom device alerts are mailed to (alert-mails.ts): active administrators who opted in (Profile,
 * `mail_device_alerts`); a partial index (051) finds these few without reading every user.
 */
export async function optedInAdmins(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'email'])
    .where('mail_device_alerts', '=', true)
    .where('active', '=', true)
    .where('role', '=', 'admin')
    .execute();
}
