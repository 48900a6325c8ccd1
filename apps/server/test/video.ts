import { spawn } from 'node:child_process';
import type { AppConfig } from '../src/app';
import type { PipelineControl } from '../src/modules/video/video.service';
import { ffmpegBinary } from '../src/video/ffmpeg-binary';
import { startTestApp, type TestDatabase } from './context';

/** An app with video wired to `root` (and to running pipelines, when given). */
export function startVideoApp(
  database: TestDatabase,
  video: { root: string; pipelines?: PipelineControl },
  config: Partial<AppConfig> = {},
) {
  return startTestApp(database, config, undefined, { video });
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
