import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegBinary {
  path: string;
  /** Where it came from, for the start-up log line. */
  origin: 'FFMPEG_PATH' | 'PATH' | '@ffmpeg-installer/ffmpeg';
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'ffmpeg');
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

let cached: FfmpegBinary | undefined;

/**
 * The ffmpeg Atrium runs: FFMPEG_PATH when set, else one on PATH (an operator's newer build),
 * else the static ffmpeg that `npm install` brought with @ffmpeg-installer/ffmpeg, so a fresh
 * machine needs nothing else.
 */
export function ffmpegBinary(env: NodeJS.ProcessEnv = process.env): FfmpegBinary {
  if (cached && env === process.env) return cached;
  let found: FfmpegBinary;
  if (env.FFMPEG_PATH) {
    if (!executable(env.FFMPEG_PATH))
      throw new Error(`FFMPEG_PATH is not an executable file: ${env.FFMPEG_PATH}`);
    found = { path: env.FFMPEG_PATH, origin: 'FFMPEG_PATH' };
  } else {
    const fromPath = onPath(env);
    if (fromPath) found = { path: fromPath, origin: 'PATH' };
    else {
      const require = createRequire(import.meta.url);
      const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
      found = { path: installer.path, origin: '@ffmpeg-installer/ffmpeg' };
    }
  }
  if (env === process.env) cached = found;
  return found;
}
