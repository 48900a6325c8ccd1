import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { EventBus } from '../core/events/bus';
import type { Database } from '../db/schema';
import { type AlertRow, raiseAlert, resolveAlerts } from '../modules/access/alerts.repository';
import {
  endOpenEvents,
  findCamera,
  hasStatusEvent,
  insertVideoEvent,
  listCameras,
  setCameraStatus,
  setEventSnapshot,
} from '../modules/video/video.repository';
import { type CameraListener, CameraProcess, type PipelineTiming } from './camera-process';
import type { MotionChange } from './motion';
import { cameraPaths } from './pipeline-args';
import { applyRetention, freeBytes, indexRecordings } from './recordings';

export interface SupervisorOptions {
  db: Kysely<Database>;
  bus: EventBus;
  /** DATA_DIR/video */
  videoRoot: string;
  timing?: Partial<PipelineTiming>;
  /** Recording pauses (with an alert) while the disk has less free space than this. */
  minFreeBytes?: number;
  /** How often recordings are indexed and retention and free space checked. */
  housekeepingMs?: number;
  log?: (message: string) => void;
}

export const defaultTiming: PipelineTiming = {
  staleAfterMs: 10_000,
  segmentSeconds: 60,
  liveSegmentSeconds: 1,
  motionFps: 2,
  snapshotEverySeconds: 3,
  backoffMs: 1000,
  maxBackoffMs: 30_000,
};

/**
 * Runs one pipeline per enabled camera and turns what they see into data: status changes
 * (stored, alerted, pushed live), motion events with a snapshot, indexed recordings, retention,
 * and a pause of recording when the disk runs short. `stop()` leaves no ffmpeg behind.
 */
export class VideoSupervisor {
  private readonly processes = new Map<number, CameraProcess>();
  private readonly timing: PipelineTiming;
  private readonly log: (message: string) => void;
  private housekeeping: NodeJS.Timeout | undefined;
  private paused = false;
  private stopped = false;
  /** Serialises database work per camera so events are stored in the order they happened. */
  private readonly queues = new Map<number, Promise<void>>();
  private readonly openMotion = new Map<number, number>();
  private readonly snapshotted = new Set<number>();

  constructor(private readonly o: SupervisorOptions) {
    this.timing = { ...defaultTiming, ...o.timing };
    this.log = o.log ?? (() => {});
  }

  get recordingPaused(): boolean {
    return this.paused;
  }

  isRunning(cameraId: number): boolean {
    return this.processes.has(cameraId);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await mkdir(this.o.videoRoot, { recursive: true });
    await this.checkDisk();
    for (const camera of await listCameras(this.o.db)) {
      if (camera.enabled) this.launch(camera);
      else await this.queue(camera.id, () => this.setStatus(camera.id, 'offline', 'disabled'));
    }
    this.housekeeping = setInterval(() => void this.housekeep(), this.o.housekeepingMs ?? 10_000);
    this.housekeeping.unref();
  }

  /** Applies a camera's new settings (or its removal): its pipeline restarts with them. */
  async reload(cameraId: number): Promise<void> {
    const running = this.processes.get(cameraId);
    if (running) {
      this.processes.delete(cameraId);
      await running.stop();
    }
    if (this.stopped) return;
    const camera = await findCamera(this.o.db, cameraId);
    if (camera?.enabled) this.launch(camera);
    else if (camera) await this.queue(cameraId, () => this.setStatus(cameraId, 'offline', 'disabled'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.housekeeping);
    const all = [...this.processes.values()];
    this.processes.clear();
    await Promise.all(all.map((p) => p.stop()));
    await Promise.all([...this.queues.values()]);
    await this.indexAll().catch((error) => this.log(`video: indexing recordings failed: ${error}`));
  }

  /** One round of indexing, retention and the free-space check (also run on a timer). */
  async housekeep(now = new Date()): Promise<void> {
    try {
      await this.indexAll();
      for (const camera of await listCameras(this.o.db)) {
        await applyRetention(this.o.db, this.o.videoRoot, camera, now);
      }
      await this.checkDisk();
    } catch (error) {
      this.log(`video housekeeping: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async indexAll(): Promise<void> {
    for (const camera of await listCameras(this.o.db)) {
      await indexRecordings(this.o.db, this.o.videoRoot, camera.id, this.processes.has(camera.id));
    }
  }

  private launch(camera: {
    id: number;
    stream_url: string;
    recording_enabled: boolean;
    motion_sensitivity: number;
  }) {
    const listener: CameraListener = {
      status: (id, status, reason) => void this.queue(id, () => this.setStatus(id, status, reason)),
      motion: (id, change) => void this.queue(id, () => this.motion(id, change)),
      runEnded: (id) =>
        void this.queue(id, async () => {
          await indexRecordings(this.o.db, this.o.videoRoot, id, false);
        }),
    };
    const process = new CameraProcess(
      {
        id: camera.id,
        url: camera.stream_url,
        record: camera.recording_enabled && !this.paused,
        sensitivity: camera.motion_sensitivity,
      },
      path.join(this.o.videoRoot, String(camera.id)),
      this.timing,
      listener,
    );
    this.processes.set(camera.id, process);
    process.start();
  }

  private queue(cameraId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(cameraId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error) =>
        this.log(`video camera ${cameraId}: ${error instanceof Error ? error.message : error}`),
      );
    this.queues.set(cameraId, next);
    return next;
  }

  private async setStatus(cameraId: number, status: 'online' | 'offline', reason: string): Promise<void> {
    const at = new Date();
    const { db, bus } = this.o;
    const outcome = await db.transaction().execute(async (trx) => {
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
          message: `Camera ${camera.name} is offline: ${reason}`.slice(0, 300),
          device_id: camera.code,
          camera_id: cameraId,
          occurred_at: at,
          once: true,
        });
      }
      if (status === 'online')
        await resolveAlerts(trx, { source: 'video', kind: 'camera_offline', camera_id: cameraId, at });
      const audience = { admins: true };
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
      return { name: camera.name };
    });
    if (outcome) this.log(`video: camera ${outcome.name} is ${status} (${reason})`);
  }

  private async motion(cameraId: number, change: MotionChange): Promise<void> {
    const { db, bus } = this.o;
    const audience = { admins: true };
    if (change.kind === 'start') {
      const id = await db.transaction().execute(async (trx) => {
        const eventId = await insertVideoEvent(trx, {
          camera_id: cameraId,
          kind: 'motion',
          source: 'detector',
          started_at: change.at,
          detail: `level ${change.level.toFixed(1)}`,
        });
        await bus.publish(
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
      this.openMotion.set(cameraId, id);
      // The picture of the moment: the latest snapshot, kept with the event.
      if (await this.keepSnapshot(cameraId, id)) this.snapshotted.add(id);
      return;
    }
    const open = this.openMotion.get(cameraId);
    // A movement that began before the stream's first snapshot gets the picture of its end.
    if (open !== undefined && !this.snapshotted.has(open)) await this.keepSnapshot(cameraId, open);
    if (open !== undefined) this.snapshotted.delete(open);
    const ended = await db.transaction().execute(async (trx) => {
      const ids = await endOpenEvents(trx, cameraId, 'motion', change.at);
      for (const id of ids) {
        await bus.publish(
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
    this.openMotion.delete(cameraId);
    if (ended === 0) this.log(`video camera ${cameraId}: motion ended without a start`);
  }

  private async keepSnapshot(cameraId: number, eventId: number): Promise<boolean> {
    const paths = cameraPaths(path.join(this.o.videoRoot, String(cameraId)));
    const relative = path.posix.join(String(cameraId), 'events', `${eventId}.jpg`);
    try {
      await copyFile(paths.snapshot, path.join(this.o.videoRoot, relative));
      await setEventSnapshot(this.o.db, eventId, relative);
      return true;
    } catch {
      // no snapshot yet (the first seconds of a stream): the event stands without one
      return false;
    }
  }

  private async checkDisk(): Promise<void> {
    const minimum = this.o.minFreeBytes ?? 500 * 1024 * 1024;
    let free: number;
    try {
      free = await freeBytes(this.o.videoRoot);
    } catch {
      return;
    }
    // Hysteresis: pause under the minimum, resume only with a fifth more to spare.
    const shouldPause = this.paused ? free < minimum * 1.2 : free < minimum;
    if (shouldPause === this.paused) return;
    this.paused = shouldPause;
    const { db, bus } = this.o;
    const at = new Date();
    await db.transaction().execute(async (trx) => {
      if (shouldPause) {
        const alert = await raiseAlert(trx, {
          source: 'video',
          kind: 'recording_paused',
          severity: 'critical',
          message: `Recording paused: only ${Math.round(free / 1024 / 1024)} MB free on the video disk`,
          occurred_at: at,
          once: true,
        });
        if (alert)
          await bus.publish(
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
              audience: { admins: true },
            },
            trx,
          );
      } else await resolveAlerts(trx, { source: 'video', kind: 'recording_paused', at });
    });
    this.log(
      shouldPause ? 'video: disk nearly full, recording paused' : 'video: disk space back, recording resumes',
    );
    // Pipelines restart without (or with) their recording output.
    for (const id of [...this.processes.keys()]) await this.reload(id);
  }

  /** Removes a deleted camera's files. */
  async removeFiles(cameraId: number): Promise<void> {
    await rm(path.join(this.o.videoRoot, String(cameraId)), { recursive: true, force: true });
  }
}
