import { spawn } from 'node:child_process';
import { type AppConfig, buildApp } from '../src/app';
import { OrgClock } from '../src/core/clock';
import { EventBus } from '../src/core/events/bus';
import type { PipelineControl } from '../src/modules/video/video.service';
import { ffmpegBinary } from '../src/video/ffmpeg-binary';
import type { TestDatabase } from './context';
import { testConfig } from './context';

/** An app with video wired to `root` (and to running pipelines, when given). */
export async function startVideoApp(
  database: TestDatabase,
  video: { root: string; pipelines?: PipelineControl },
  config: Partial<AppConfig> = {},
) {
  const bus = new EventBus(database.db, database.url);
  await bus.start();
  const app = await buildApp({
    db: database.db,
    bus,
    config: { ...testConfig, ...config },
    clock: new OrgClock(database.db),
    video,
  });
  await app.ready();
  return {
    app,
    bus,
    async close() {
      await app.close();
      await bus.stop();
    },
  };
}

/** What ffmpeg says of a media file it reads to the end: exit code and the video stream line. */
export function inspectMedia(
  file: string,
): Promise<{ ok: boolean; video: string | undefined; frames: number }> {
  return new Promise((resolve) => {
    const child = spawn(
      ffmpegBinary().path,
      ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-f', 'null', '-'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => {
      const frames = [...stderr.matchAll(/frame=\s*(\d+)/g)].map((m) => Number(m[1])).at(-1) ?? 0;
      resolve({ ok: code === 0, video: /Stream #\d+:\d+.*Video: .*/.exec(stderr)?.[0], frames });
    });
  });
}
