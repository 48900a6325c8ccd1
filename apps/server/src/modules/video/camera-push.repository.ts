import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the motion cameras push themselves (ISAPI VMD, line and field detection). */

type Db = Kysely<Database>;

export async function findCameraByPushHash(db: Db, hash: string) {
  return db
    .selectFrom('cameras')
    .select(['id', 'code', 'name'])
    .where('push_secret_hash', '=', hash)
    .executeTakeFirst();
}

export async function setCameraPushHash(db: Db, id: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('cameras')
    .set({ push_secret_hash: hash, updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Serialises one camera's pushes (inside the caller's transaction): one open event at a time. */
export async function lockCameraMotion(db: Db, cameraId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('camera_motion'), ${cameraId}::int)`.execute(db);
}

export async function openCameraMotion(db: Db, cameraId: number) {
  return db
    .selectFrom('video_events')
    .select(['id', 'started_at', 'last_signal_at'])
    .where('camera_id', '=', cameraId)
    .where('kind', '=', 'motion')
    .where('source', '=', 'camera')
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

export async function insertCameraMotion(
  db: Db,
  e: { camera_id: number; at: Date; detail: string },
): Promise<number> {
  const row = await db
    .insertInto('video_events')
    .values({
      camera_id: e.camera_id,
      kind: 'motion',
      source: 'camera',
      started_at: e.at,
      last_signal_at: e.at,
      detail: e.detail.slice(0, 500),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Moves an open event's last notice on; false when the event has ended meanwhile. */
export async function touchCameraMotion(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('video_events')
    .set({ last_signal_at: sql`greatest(last_signal_at, ${at}::timestamptz)` })
    .where('id', '=', String(id) as never)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function endCameraMotion(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('video_events')
    .set({ ended_at: sql`greatest(started_at, ${at}::timestamptz)`, last_signal_at: at })
    .where('id', '=', String(id) as never)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends camera-pushed motion whose camera fell silent before `before`, at its last notice. */
export async function endSilentCameraMotion(db: Db, before: Date) {
  const rows = await db
    .updateTable('video_events')
    .set({ ended_at: sql`greatest(started_at, coalesce(last_signal_at, started_at))` })
    .where('kind', '=', 'motion')
    .where('source', '=', 'camera')
    .where('ended_at', 'is', null)
    .where(sql<boolean>`coalesce(last_signal_at, started_at) < ${before}`)
    .returning(['id', 'camera_id'])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), camera_id: r.camera_id }));
}
