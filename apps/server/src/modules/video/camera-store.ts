import { rm } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import type { CameraStore, NewSegment } from '../../video/camera-store';
import type { MotionChange } from '../../video/motion';
import { safeJoin } from '../../video/recordings';
import { type AlertRow, raiseAlert, resolveAlerts } from '../access/alerts.repository';
import { deleteAccessSnapshotsBefore } from './access-snapshots.repository';
import { offlineInWords } from './offline-in-words';
import {
  deleteSegments,
  endOpenEvents,
  findCamera,
  hasStatusEvent,
  indexedPaths,
  insertSegment,
  insertVideoEvent,
  listCameras,
  segmentsOverRetention,
  setCameraStatus,
  setEventSnapshot,
} from './video.repository';

const audience = { admins: true };

/**
 * What the cameras' pipelines see, as video's data: status changes (stored, alerted, pushed
 * live), motion events, pictures, indexed segments, retention and the disk alert.
 */
export class VideoCameraStore implements CameraStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly videoRoot: string,
  ) {}

  cameras() {
    return listCameras(this.db);
  }

  camera(id: number) {
    return findCamera(this.db, id);
  }

  async statusChanged(cameraId: number, status: 'online' | 'offline', reason: string, at: Date) {
    const { db, bus } = this;
    return db.transaction().execute(async (trx) => {
      const changed = await setCameraStatus(trx, cameraId, status, at);
      const camera = await findCamera(trx, cameraId);
      if (!camera) return undefined;
      // The first sighting of a camera is also recorded, so uptime knows where it starts.
      const first = !(await hasStatusEvent(trx, cameraId));
      if (!changed && !first) return undefined;
      if (status === 'online') await endOpenEvents(trx, cameraId, 'offline', at);
      const eventId = await insertVideoEvent(trx, {
        camera_id: cameraId,
        kind: status,
        source: 'supervisor',
        started_at: at,
        detail: reason,
      });
      let alert: AlertRow | undefined;
      if (status === 'offline' && camera.enabled) {
        alert = await raiseAlert(trx, {
          source: 'video',
          kind: 'camera_offline',
          severity: 'high',
          message: `Camera ${camera.name} is offline: ${offlineInWords(reason)}.`.slice(0, 300),
          device_id: camera.code,
          camera_id: cameraId,
          occurred_at: at,
          once: true,
        });
      }
      if (status === 'online')
        await resolveAlerts(trx, { source: 'video', kind: 'camera_offline', camera_id: cameraId, at });
      await bus.publish(
        {
          kind: 'live',
          type: 'video_camera_status',
          data: { cameraId, status, at: at.toISOString() },
          audience,
        },
        trx,
      );
      await bus.publish(
        {
          kind: 'live',
          type: 'video_event',
          data: { id: eventId, cameraId, kind: status, ended: false },
          audience,
        },
        trx,
      );
      if (alert) {
        await bus.publish(
          {
            kind: 'live',
            type: 'access_alert',
            data: {
              id: Number(alert.id),
              source: 'video',
              kind: alert.kind,
              label: 'Camera offline',
              severity: 'high',
              message: alert.message,
              device_id: alert.device_id,
              timestamp: at.toISOString(),
            },
            audience,
          },
          trx,
        );
      }
      return camera.name;
    });
  }

  motionStarted(cameraId: number, change: Extract<MotionChange, { kind: 'start' }>) {
    return this.db.transaction().execute(async (trx) => {
      const eventId = await insertVideoEvent(trx, {
        camera_id: cameraId,
        kind: 'motion',
        source: 'detector',
        started_at: change.at,
        detail: `level ${change.level.toFixed(1)}`,
      });
      await this.bus.publish(
        {
          kind: 'live',
          type: 'video_event',
          data: { id: eventId, cameraId, kind: 'motion', ended: false },
          audience,
        },
        trx,
      );
      return eventId;
    });
  }

  motionEnded(cameraId: number, at: Date) {
    return this.db.transaction().execute(async (trx) => {
      const ids = await endOpenEvents(trx, cameraId, 'motion', at);
      for (const id of ids) {
        await this.bus.publish(
          {
            kind: 'live',
            type: 'video_event',
            data: { id, cameraId, kind: 'motion', ended: true },
            audience,
          },
          trx,
        );
      }
      return ids.length;
    });
  }

  eventSnapshot(eventId: number, relativePath: string) {
    return setEventSnapshot(this.db, eventId, relativePath);
  }

  async recordingPaused(paused: boolean, freeBytes: number, at: Date) {
    await this.db.transaction().execute(async (trx) => {
      if (!paused) {
        await resolveAlerts(trx, { source: 'video', kind: 'recording_paused', at });
        return;
      }
      const alert = await raiseAlert(trx, {
        source: 'video',
        kind: 'recording_paused',
        severity: 'critical',
        message: `Recording paused: only ${Math.round(freeBytes / 1024 / 1024)} MB free on the video disk`,
        occurred_at: at,
        once: true,
      });
      if (alert)
        await this.bus.publish(
          {
            kind: 'live',
            type: 'access_alert',
            data: {
              id: Number(alert.id),
              source: 'video',
              kind: alert.kind,
              label: 'Recording paused',
              severity: 'critical',
              message: alert.message,
              device_id: null,
              timestamp: at.toISOString(),
            },
            audience,
          },
          trx,
        );
    });
  }

  indexedPaths(cameraId: number) {
    return indexedPaths(this.db, cameraId);
  }

  addSegment(segment: NewSegment) {
    return insertSegment(this.db, segment);
  }

  /** Deletes a camera's recordings beyond its retention (age, then size), oldest first. */
  async applyRetention(
    camera: { id: number; retention_hours: number; retention_max_mb: number },
    now: Date,
  ): Promise<number> {
    const before = new Date(now.getTime() - camera.retention_hours * 3600_000);
    const doomed = await segmentsOverRetention(
      this.db,
      camera.id,
      before,
      camera.retention_max_mb * 1024 * 1024,
    );
    for (const segment of doomed) {
      await rm(safeJoin(this.videoRoot, segment.path), { force: true });
    }
    await deleteSegments(
      this.db,
      doomed.map((s) => s.id),
    );
    // Access events' pictures are the camera's pictures too: kept as long as its recordings.
    for (const relative of await deleteAccessSnapshotsBefore(this.db, camera.id, before)) {
      await rm(safeJoin(this.videoRoot, relative), { force: true });
    }
    return doomed.length;
  }
}
