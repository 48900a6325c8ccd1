import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { spawnChild } from './children';
import { ffmpegBinary } from './ffmpeg-binary';
import { ffmpegFailure } from './probe';

/**
 * Cuts [from, to) out of recorded MPEG-TS segments into one MP4 without re-encoding: the
 * segments are read back to back (they are byte-concatenable), the cut starts at the keyframe
 * at or before `from`. Returns the temporary file; the caller sends and deletes it.
 */
export async function cutClip(
  files: string[],
  firstStart: Date,
  from: Date,
  to: Date,
  tempDir: string,
): Promise<string> {
  await mkdir(tempDir, { recursive: true });
  const out = path.join(tempDir, `clip-${randomBytes(6).toString('hex')}.mp4`);
  const offset = Math.max(0, (from.getTime() - firstStart.getTime()) / 1000);
  const duration = Math.max(0.5, (to.getTime() - from.getTime()) / 1000);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-ss',
    offset.toFixed(3),
    '-i',
    `concat:${files.join('|')}`,
    '-t',
    duration.toFixed(3),
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    out,
  ];
  const child = spawnChild(ffmpegBinary().path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 16_384) stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', () => resolve(-1));
  });
  if (code !== 0) throw new Error(ffmpegFailure(stderr, ''));
  return out;
}
