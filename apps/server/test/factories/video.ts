import type { Db } from '../../src/db/connection';
import {
  type CameraValues,
  insertCamera,
  insertSegment,
  insertVideoEvent,
  type NewVideoEvent,
} from '../../src/modules/video/video.repository';

/**
 * A camera as the camera editor creates it (the next free code, CAM-01, CAM-02, ...), with the
 * editor's defaults for what is not given.
 */
export async function makeCamera(db: Db, options: Partial<CameraValues> & { name: string }) {
  const id = await insertCamera(db, {
    location: '',
    stream_url: 'rtsp://127.0.0.1/stream',
    access_point_id: null,
    recording_enabled: true,
    retention_hours: 72,
    retention_max_mb: 2048,
    motion_sensitivity: 60,
    enabled: true,
    ...options,
  });
  return db.selectFrom('cameras').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A camera's events (motion, offline, online), stored one by one in the order given. */
export async function makeVideoEvents(
  db: Db,
  camera: { id: number },
  events: (Omit<NewVideoEvent, 'camera_id' | 'source'> & { source?: NewVideoEvent['source'] })[],
) {
  const ids: number[] = [];
  for (const e of events)
    ids.push(await insertVideoEvent(db, { source: 'detector', ...e, camera_id: camera.id }));
  return ids;
}

/** A recorded segment of a camera, as the recorder registers the file it finished. */
export async function makeRecordingSegment(
  db: Db,
  camera: { id: number },
  segment: { startedAt: Date; endedAt: Date; path: string; bytes: number },
) {
  await insertSegment(db, {
    camera_id: camera.id,
    started_at: segment.startedAt,
    ended_at: segment.endedAt,
    path: segment.path,
    bytes: segment.bytes,
  });
}
