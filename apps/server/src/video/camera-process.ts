import type { ChildProcess } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import readline from 'node:readline';
import { spawnChild, stopChild } from './children';
import { ffmpegBinary } from './ffmpeg-binary';
import { JpegFrames } from './jpeg-frames';
import { type MotionChange, MotionDetector } from './motion';
import { cameraPaths, parseMotionLine, pipelineArgs } from './pipeline-args';
import { ffmpegFailure, probeStream } from './probe';

export interface CameraSpec {
  id: number;
  url: string;
  record: boolean;
  sensitivity: number;
}

export interface PipelineTiming {
  /** No frame for this long means offline (10 s). */
  staleAfterMs: number;
  segmentSeconds: number;
  liveSegmentSeconds: number;
  motionFps: number;
  snapshotEverySeconds: number;
  /** First restart delay; doubles up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export interface CameraListener {
  status(cameraId: number, status: 'online' | 'offline', reason: string): void;
  motion(cameraId: number, change: MotionChange): void;
  /** A run of the pipeline ended: recordings written so far are complete. */
  runEnded(cameraId: number): void;
}

/**
 * One camera's pipeline under supervision: starts ffmpeg, watches frames flow (the motion
 * samples double as the heartbeat), restarts it with backoff when it fails or stalls, and
 * reports online/offline and motion. `stop()` ends it for good.
 */
export class CameraProcess {
  private child: ChildProcess | undefined;
  private status: 'online' | 'offline' | 'starting' = 'starting';
  private lastFrameAt = 0;
  private startedAt = 0;
  private backoff: number;
  private restartTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private stopped = false;
  private detector: MotionDetector;
  private h264: boolean | undefined;
  private lastError = '';

  constructor(
    private spec: CameraSpec,
    private readonly dir: string,
    private readonly timing: PipelineTiming,
    private readonly listener: CameraListener,
  ) {
    this.backoff = timing.backoffMs;
    this.detector = new MotionDetector({ sensitivity: spec.sensitivity });
  }

  get cameraId(): number {
    return this.spec.id;
  }

  get online(): boolean {
    return this.status === 'online';
  }

  start(): void {
    this.watchdog = setInterval(() => this.checkFrames(), 1000);
    this.watchdog.unref();
    this.launch();
  }

  private launch(): void {
    this.run().catch((error) => this.failed(error instanceof Error ? error.message : String(error)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.watchdog);
    const child = this.child;
    if (child) await stopChild(child, 2000);
    this.endMotion();
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const paths = cameraPaths(this.dir);
    await rm(paths.live, { recursive: true, force: true });
    await Promise.all([paths.live, paths.recordings, paths.events].map((d) => mkdir(d, { recursive: true })));
    if (this.h264 === undefined) {
      // Whether the picture can be copied or must be encoded; asked once, not at every restart.
      const probe = await probeStream(this.spec.url, Math.max(this.timing.staleAfterMs, 10_000));
      if (this.stopped) return;
      if (!probe.ok) return this.failed(probe.error ?? 'no picture');
      this.h264 = probe.codec === 'h264';
    }
    const args = pipelineArgs({
      url: this.spec.url,
      dir: this.dir,
      h264: this.h264,
      record: this.spec.record,
      segmentSeconds: this.timing.segmentSeconds,
      liveSegmentSeconds: this.timing.liveSegmentSeconds,
      motionFps: this.timing.motionFps,
      snapshotEverySeconds: this.timing.snapshotEverySeconds,
    });
    const child = spawnChild(ffmpegBinary().path, args, {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, TZ: 'UTC' },
    });
    this.child = child;
    this.startedAt = Date.now();
    this.lastFrameAt = 0;
    this.lastError = '';
    readline.createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
      const level = parseMotionLine(line);
      if (level === undefined) {
        // Errors are kept for the offline reason, without their [error] tags.
        if (/\[(error|fatal|panic)\] /.test(line)) {
          this.lastError = `${this.lastError}\n${line.replace(/\[(error|fatal|panic)\] /, '')}`.slice(-2000);
        }
        return;
      }
      this.frame();
      const change = this.detector.sample(level, new Date());
      if (change) this.listener.motion(this.spec.id, change);
    });
    const frames = new JpegFrames((jpeg) => void this.saveSnapshot(jpeg));
    const snapshots = child.stdio[3] as NodeJS.ReadableStream | undefined;
    snapshots?.on('data', (chunk: Buffer) => frames.push(chunk));
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.endMotion();
      this.listener.runEnded(this.spec.id);
      if (this.stopped) return;
      // ffmpeg ends with 0 when the camera closes the stream; otherwise its last error says why.
      const reason = this.lastError.trim()
        ? ffmpegFailure(this.lastError, this.spec.url)
        : code === 0
          ? 'The camera closed the stream'
          : `ffmpeg ended (${signal ?? `exit ${code}`})`;
      this.failed(reason);
    });
  }

  private frame(): void {
    this.lastFrameAt = Date.now();
    if (this.status !== 'online') {
      this.status = 'online';
      this.listener.status(this.spec.id, 'online', 'frames flowing');
    }
    // A pipeline that has stayed up a while earns a fresh, short backoff.
    if (Date.now() - this.startedAt > 30_000) this.backoff = this.timing.backoffMs;
  }

  private checkFrames(): void {
    const child = this.child;
    if (!child || this.stopped) return;
    const since = this.lastFrameAt || this.startedAt;
    if (Date.now() - since > this.timing.staleAfterMs) {
      this.lastError = `No frame for ${Math.round(this.timing.staleAfterMs / 1000)} s`;
      void stopChild(child, 1000);
    }
  }

  private failed(reason: string): void {
    if (this.stopped) return;
    if (this.status !== 'offline') {
      this.status = 'offline';
      this.listener.status(this.spec.id, 'offline', reason);
    }
    // The codec is asked again next time: the camera may have been replaced.
    this.h264 = undefined;
    const delay = this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.timing.maxBackoffMs);
    this.restartTimer = setTimeout(() => this.launch(), delay);
    this.restartTimer.unref();
  }

  private endMotion(): void {
    const change = this.detector.finish();
    if (change) this.listener.motion(this.spec.id, change);
  }

  private async saveSnapshot(jpeg: Buffer): Promise<void> {
    // Written aside and renamed, so a reader never gets half an image.
    const file = cameraPaths(this.dir).snapshot;
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(temp, jpeg);
      await rename(temp, file);
    } catch {
      // the camera's folder went away (camera deleted): nothing to keep
    }
  }
}
