import { copyFile, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type CameraListener, CameraProcess, type PipelineTiming } from './camera-process';
import type { CameraStore, SupervisedCamera } from './camera-store';
import type { MotionChange } from './motion';
import { cameraPaths } from './pipeline-args';
import { freeBytes, indexRecordings } from './recordings';

export interface SupervisorOptions {
  /** Where what the pipelines see is stored (the video module's). */
  store: CameraStore;
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
 * Runs one pipeline per enabled camera and hands what they see to the store (status changes,
 * motion with a snapshot, indexed recordings, retention, a pause of recording when the disk runs
 * short). `stop()` leaves no ffmpeg behind.
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
    for (const camera of await this.o.store.cameras()) {
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
    const camera = await this.o.store.camera(cameraId);
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
      for (const camera of await this.o.store.cameras()) {
        await this.o.store.applyRetention(camera, now);
      }
      await this.checkDisk();
    } catch (error) {
      this.log(`video housekeeping: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async indexAll(): Promise<void> {
    for (const camera of await this.o.store.cameras()) {
      await indexRecordings(this.o.store, this.o.videoRoot, camera.id, this.processes.has(camera.id));
    }
  }

  private launch(camera: SupervisedCamera) {
    const listener: CameraListener = {
      status: (id, status, reason) => void this.queue(id, () => this.setStatus(id, status, reason)),
      motion: (id, change) => void this.queue(id, () => this.motion(id, change)),
      runEnded: (id) =>
        void this.queue(id, async () => {
          await indexRecordings(this.o.store, this.o.videoRoot, id, false);
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
    const name = await this.o.store.statusChanged(cameraId, status, reason, new Date());
    if (name) this.log(`video: camera ${name} is ${status} (${reason})`);
  }

  private async motion(cameraId: number, change: MotionChange): Promise<void> {
    if (change.kind === 'start') {
      const id = await this.o.store.motionStarted(cameraId, change);
      this.openMotion.set(cameraId, id);
      // The picture of the moment: the latest snapshot, kept with the event.
      if (await this.keepSnapshot(cameraId, id)) this.snapshotted.add(id);
      return;
    }
    const open = this.openMotion.get(cameraId);
    // A movement that began before the stream's first snapshot gets the picture of its end.
    if (open !== undefined && !this.snapshotted.has(open)) await this.keepSnapshot(cameraId, open);
    if (open !== undefined) this.snapshotted.delete(open);
    const ended = await this.o.store.motionEnded(cameraId, change.at);
    this.openMotion.delete(cameraId);
    if (ended === 0) this.log(`video camera ${cameraId}: motion ended without a start`);
  }

  private async keepSnapshot(cameraId: number, eventId: number): Promise<boolean> {
    const paths = cameraPaths(path.join(this.o.videoRoot, String(cameraId)));
    const relative = path.posix.join(String(cameraId), 'events', `${eventId}.jpg`);
    try {
      await copyFile(paths.snapshot, path.join(this.o.videoRoot, relative));
      await this.o.store.eventSnapshot(eventId, relative);
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
    await this.o.store.recordingPaused(shouldPause, free, new Date());
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
