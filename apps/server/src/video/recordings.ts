import { readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { CameraStore } from './camera-store';

/** A segment file's UTC start from its name (20261120T101500Z.ts), or undefined. */
export function segmentStart(file: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.ts$/.exec(file);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/**
 * Indexes a camera's finished segment files: every file but the newest while its pipeline runs
 * (that one is still being written), every file once it stopped. A segment runs from the time
 * in its name to its last write.
 */
export async function indexRecordings(
  store: CameraStore,
  videoRoot: string,
  cameraId: number,
  writing: boolean,
): Promise<number> {
  const dir = path.join(videoRoot, String(cameraId), 'rec');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => segmentStart(f)).sort();
  } catch {
    return 0;
  }
  if (writing) files = files.slice(0, -1);
  if (files.length === 0) return 0;
  const known = await store.indexedPaths(cameraId);
  let added = 0;
  for (const file of files) {
    const relative = path.posix.join(String(cameraId), 'rec', file);
    if (known.has(relative)) continue;
    const info = await stat(path.join(dir, file)).catch(() => undefined);
    const started = segmentStart(file);
    if (!info || !started) continue;
    if (info.size === 0) {
      await rm(path.join(dir, file), { force: true });
      continue;
    }
    const ended = new Date(Math.max(started.getTime(), info.mtime.getTime()));
    await store.addSegment({
      camera_id: cameraId,
      started_at: started,
      ended_at: ended,
      path: relative,
      bytes: info.size,
    });
    added += 1;
  }
  return added;
}

/** Free bytes on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/** Joins a stored relative path under the video root, refusing anything that climbs out. */
export function safeJoin(root: string, relative: string): string {
  const full = path.resolve(root, relative);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error(`path escapes the video folder: ${relative}`);
  return full;
}
