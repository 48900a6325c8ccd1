import path from 'node:path';
import type { Kysely } from 'kysely';
import type { EventBus } from '../core/events/bus';
import type { Database } from '../db/schema';
import { demoCameras, seedDemoCameras } from '../demo/video';
import { ffmpegBinary } from './ffmpeg-binary';
import { CameraSimulator } from './simulator';
import { VideoSupervisor } from './supervisor';

export interface VideoRuntimeOptions {
  db: Kysely<Database>;
  bus: EventBus;
  dataDir: string;
  demo: boolean;
  simulateCameras: boolean;
  run: boolean;
  minFreeMb: number;
  segmentSeconds: number;
  log: (message: string) => void;
}

export interface VideoRuntime {
  videoRoot: string;
  supervisor: VideoSupervisor | undefined;
  /** The demo cameras' simulator, when this process runs it. */
  simulator: CameraSimulator | undefined;
  stop(): Promise<void>;
}

/**
 * Video at start-up: says which ffmpeg runs, starts the demo cameras' simulator (and points the
 * demo cameras at it), then the supervisor. `stop()` ends both; no ffmpeg outlives it.
 */
export async function startVideo(o: VideoRuntimeOptions): Promise<VideoRuntime> {
  const videoRoot = path.join(o.dataDir, 'video');
  if (!o.run) return { videoRoot, supervisor: undefined, simulator: undefined, stop: async () => {} };
  const ffmpeg = ffmpegBinary();
  o.log(`video: using ffmpeg ${ffmpeg.path} (from ${ffmpeg.origin})`);
  let simulator: CameraSimulator | undefined;
  if (o.demo && o.simulateCameras) {
    simulator = new CameraSimulator(o.log);
    await simulator.listen();
    const sim = simulator;
    for (const camera of demoCameras) if (!camera.offline) sim.start(camera.key, camera.name, camera.motion);
    await seedDemoCameras(o.db, (key) => sim.url(key));
  }
  const supervisor = new VideoSupervisor({
    db: o.db,
    bus: o.bus,
    videoRoot,
    minFreeBytes: o.minFreeMb * 1024 * 1024,
    timing: { segmentSeconds: o.segmentSeconds },
    log: o.log,
  });
  await supervisor.start();
  return {
    videoRoot,
    supervisor,
    simulator,
    async stop() {
      await supervisor.stop();
      await simulator?.close();
    },
  };
}
