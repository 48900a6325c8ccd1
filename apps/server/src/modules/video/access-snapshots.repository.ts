import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the cameras' pictures of access events. */

type Db = Kysely<Database>;

/** Enabled cameras watching an access point, by access point. */
export async function camerasByAccessPoint(db: Db): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('cameras')
    .select(['id', 'access_point_id'])
    .where('enabled', '=', true)
    .where('access_point_id', 'is not', null)
    .orderBy('id')
    .execute();
  const byPoint = new Map<number, number[]>();
  for (const r of rows) byPoint.set(r.access_point_id!, [...(byPoint.get(r.access_point_id!) ?? []), r.id]);
  return byPoint;
}

export async function insertAccessSnapshot(
  db: Db,
  s: { access_event_id: number; occurred_at: Date; camera_id: number; taken_at: Date; path: string },
): Promise<void> {
  await db
    .insertInto('access_event_snapshots')
    .values(s)
    .onConflict((oc) => oc.columns(['access_event_id', 'camera_id']).doNothing())
    .execute();
}

/** The picture of an access event (of its first camera when several watch the door). */
export async function findAccessSnapshot(db: Db, accessEventId: number) {
  return db
    .selectFrom('access_event_snapshots')
    .select(['camera_id', 'path', 'taken_at'])
    .where('access_event_id', '=', accessEventId)
    .orderBy('camera_id')
    .limit(1)
    .executeTakeFirst();
}

/** Forgets a camera's access pictures taken before `before`; answers their paths. */
export async function deleteAccessSnapshotsBefore(db: Db, cameraId: number, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom('access_event_snapshots')
    .where('camera_id', '=', cameraId)
    .where('taken_at', '<', before)
    .returning('path')
    .execute();
  return rows.map((r) => r.path);
}
