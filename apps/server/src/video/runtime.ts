import type { CameraStore } from './camera-store';
import { ffmpegBinary } from './ffmpeg-binary';
import { CameraSimulator } from './simulator';
import { VideoSupervisor } from './supervisor';

export interface VideoRuntimeOptions {
  /** Where what the pipelines see is stored (the video module's). */
  store: CameraStore;
  /** DATA_DIR/video */
  videoRoot: string;
  /** Feeds cameras from a simulator in this process (the demo's): starts its streams, points cameras at them. */
  simulate?: (simulator: CameraSimulator) => Promise<void>;
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
 * Video at start-up: says which ffmpeg runs, starts a camera simulator when asked (the demo's),
 * then the supervisor. `stop()` ends both; no ffmpeg outlives it.
 */
export async function startVideo(o: VideoRuntimeOptions): Promise<VideoRuntime> {
  const { videoRoot } = o;
  if (!o.run) return { videoRoot, supervisor: undefined, simulator: undefined, stop: async () => {} };
  const ffmpeg = ffmpegBinary();
  o.log(`video: using ffmpeg ${ffmpeg.path} (from ${ffmpeg.origin})`);
  let simulator: CameraSimulator | undefined;
  if (o.simulate) {
    simulator = new CameraSimulator(o.log);
    await simulator.listen();
    await o.simulate(simulator);
  }
  const supervisor = new VideoSupervisor({
    store: o.store,
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
