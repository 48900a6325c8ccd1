import { type Kysely, type Selectable, sql } from 'kysely';
import type { CamerasTable, Database } from '../../db/schema';

/** SQL of video: cameras, recorded segments, events (pushed motion and access pictures have their own). Each function takes a db or a transaction. */

type Db = Kysely<Database>;
export type CameraRow = Selectable<CamerasTable> & { access_point_name: string | null; site: string };

export interface CameraValues {
  name: string;
  location: string;
  stream_url: string;
  access_point_id: number | null;
  recording_enabled: boolean;
  retention_hours: number;
  retention_max_mb: number;
  motion_sensitivity: number;
  enabled: boolean;
  /** Missing: a new camera is at the first site, an edited one stays where it is. */
  site_id?: number;
}

const cameraQuery = (db: Db) =>
  db
    .selectFrom('cameras as c')
    .leftJoin('access_points as ap', 'ap.id', 'c.access_point_id')
    .innerJoin('sites as s', 's.id', 'c.site_id')
    .selectAll('c')
    .select(['ap.name as access_point_name', 's.name as site']);

export async function listCameras(db: Db): Promise<CameraRow[]> {
  return cameraQuery(db).orderBy('c.id').execute();
}

export async function findCamera(db: Db, id: number): Promise<CameraRow | undefined> {
  return cameraQuery(db).where('c.id', '=', id).executeTakeFirst();
}

/** The next free code CAM-01, CAM-02, ... (the advisory lock keeps two creators apart). */
async function nextCode(db: Db): Promise<string> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('cameras.code'))`.execute(db);
  const rows = await db.selectFrom('cameras').select('code').execute();
  const taken = new Set(rows.map((r) => r.code));
  for (let n = 1; ; n += 1) {
    const code = `CAM-${String(n).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
}

export async function insertCamera(db: Db, values: CameraValues): Promise<number> {
  const code = await nextCode(db);
  const row = await db
    .insertInto('cameras')
    .values({ ...values, code })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Where a camera is (a new one without a site is at the first site). */
export async function cameraSiteId(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('cameras').select('site_id').where('id', '=', id).executeTakeFirstOrThrow();
  return row.site_id;
}

export async function updateCamera(db: Db, id: number, values: CameraValues): Promise<boolean> {
  const result = await db
    .updateTable('cameras')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCamera(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('cameras').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Sets a camera's status (inside the caller's transaction); returns whether it changed. */
export async function setCameraStatus(
  db: Db,
  id: number,
  status: 'online' | 'offline',
  at: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('cameras')
    .select('status')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status === status) return false;
  await db.updateTable('cameras').set({ status, status_changed_at: at }).where('id', '=', id).execute();
  return true;
}

// ---- events

export interface NewVideoEvent {
  camera_id: number;
  kind: 'motion' | 'offline' | 'online';
  source: 'detector' | 'camera' | 'supervisor';
  started_at: Date;
  ended_at?: Date | null;
  detail?: string | null;
}

export async function insertVideoEvent(db: Db, e: NewVideoEvent): Promise<number> {
  const row = await db
    .insertInto('video_events')
    .values({
      camera_id: e.camera_id,
      kind: e.kind,
      source: e.source,
      started_at: e.started_at,
      ended_at: e.ended_at ?? null,
      detail: e.detail?.slice(0, 500) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Whether the camera's online/offline history has begun (its first sighting was recorded). */
export async function hasStatusEvent(db: Db, cameraId: number): Promise<boolean> {
  const row = await db
    .selectFrom('video_events')
    .select('id')
    .where('camera_id', '=', cameraId)
    .where('kind', 'in', ['online', 'offline'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEventSnapshot(db: Db, id: number, snapshotPath: string): Promise<void> {
  await db
    .updateTable('video_events')
    .set({ snapshot_path: snapshotPath })
    .where('id', '=', String(id) as never)
    .execute();
}

/** Ends the camera's open events of that kind (a movement stopped, an outage is over). */
export async function endOpenEvents(
  db: Db,
  cameraId: number,
  kind: 'motion' | 'offline',
  at: Date,
): Promise<number[]> {
  const rows = await db
    .updateTable('video_events')
    .set({ ended_at: sql`greatest(started_at, ${at}::timestamptz)` })
    .where('camera_id', '=', cameraId)
    .where('kind', '=', kind)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface EventPageFilter {
  cameraId?: number;
  kind?: 'motion' | 'offline' | 'online';
  after?: { at: Date; id: string };
  limit: number;
}

export async function listVideoEvents(db: Db, f: EventPageFilter) {
  let q = db
    .selectFrom('video_events as e')
    .innerJoin('cameras as c', 'c.id', 'e.camera_id')
    .select([
      'e.id',
      'e.camera_id',
      'c.name as camera_name',
      'e.kind',
      'e.source',
      'e.started_at',
      'e.ended_at',
      'e.detail',
      'e.snapshot_path',
    ]);
  if (f.cameraId) q = q.where('e.camera_id', '=', f.cameraId);
  if (f.kind) q = q.where('e.kind', '=', f.kind);
  if (f.after) q = q.where(sql<boolean>`(e.started_at, e.id) < (${f.after.at}, ${f.after.id}::bigint)`);
  return q.orderBy('e.started_at', 'desc').orderBy('e.id', 'desc').limit(f.limit).execute();
}

export async function findVideoEvent(db: Db, cameraId: number, id: number) {
  return db
    .selectFrom('video_events')
    .select(['id', 'snapshot_path'])
    .where('camera_id', '=', cameraId)
    .where('id', '=', String(id) as never)
    .executeTakeFirst();
}

export async function countMotionSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('video_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', 'motion')
    .where('started_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function motionBetween(db: Db, cameraId: number, from: Date, to: Date) {
  return db
    .selectFrom('video_events')
    .select(['started_at', 'ended_at'])
    .where('camera_id', '=', cameraId)
    .where('kind', '=', 'motion')
    .where('started_at', '<', to)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
    .orderBy('started_at')
    .limit(2000)
    .execute();
}

/**
 * Status changes of enabled cameras that matter for a window: every change inside it, plus the
 * last change before it (the state the window opens with).
 */
export async function statusChangesForUptime(db: Db, from: Date) {
  return db
    .selectFrom('video_events as e')
    .innerJoin('cameras as c', 'c.id', 'e.camera_id')
    .select(['e.camera_id', 'e.kind', 'e.started_at'])
    .where('c.enabled', '=', true)
    .where('e.kind', 'in', ['online', 'offline'])
    .where((eb) =>
      eb.or([
        eb('e.started_at', '>=', from),
        eb(
          'e.id',
          '=',
          eb
            .selectFrom('video_events as p')
            .select('p.id')
            .whereRef('p.camera_id', '=', 'e.camera_id')
            .where('p.kind', 'in', ['online', 'offline'])
            .where('p.started_at', '<', from)
            .orderBy('p.started_at', 'desc')
            .orderBy('p.id', 'desc')
            .limit(1),
        ),
      ]),
    )
    .orderBy('e.camera_id')
    .orderBy('e.started_at')
    .orderBy('e.id')
    .execute();
}

// ---- recordings

export async function indexedPaths(db: Db, cameraId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('recording_segments')
    .select('path')
    .where('camera_id', '=', cameraId)
    .execute();
  return new Set(rows.map((r) => r.path));
}

export async function insertSegment(
  db: Db,
  s: { camera_id: number; started_at: Date; ended_at: Date; path: string; bytes: number },
): Promise<void> {
  await db
    .insertInto('recording_segments')
    .values(s)
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

export async function segmentsBetween(db: Db, cameraId: number, from: Date, to: Date, limit = 5000) {
  return db
    .selectFrom('recording_segments')
    .select(['id', 'started_at', 'ended_at', 'path', 'bytes'])
    .where('camera_id', '=', cameraId)
    .where('started_at', '<', to)
    .where('ended_at', '>', from)
    .orderBy('started_at')
    .limit(limit)
    .execute();
}

export async function findSegment(db: Db, cameraId: number, id: number) {
  return db
    .selectFrom('recording_segments')
    .select(['id', 'path', 'bytes'])
    .where('camera_id', '=', cameraId)
    .where('id', '=', String(id) as never)
    .executeTakeFirst();
}

/**
 * Segments to delete for retention, oldest first: those older than `before`, then as many of
 * the oldest as it takes to bring the camera's total under `maxBytes`.
 */
export async function segmentsOverRetention(db: Db, cameraId: number, before: Date, maxBytes: number) {
  const rows = await sql<{ id: string; path: string; started_at: Date; bytes: string; newer_total: string }>`
    SELECT id, path, started_at, bytes,
           sum(bytes) OVER (ORDER BY started_at DESC, id DESC) AS newer_total
      FROM recording_segments
     WHERE camera_id = ${cameraId}
     ORDER BY started_at, id`.execute(db);
  return rows.rows.filter((r) => r.started_at < before || Number(r.newer_total) > maxBytes);
}

export async function deleteSegments(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('recording_segments')
    .where('id', 'in', ids as never[])
    .execute();
}
