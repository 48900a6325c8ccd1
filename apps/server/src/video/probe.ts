import { spawnChild, stopChild } from './children';
import { ffmpegBinary } from './ffmpeg-binary';

export interface ProbeResult {
  ok: boolean;
  codec: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  error: string | null;
}

/** Reads ffmpeg's description of an input (`Stream #0:0: Video: h264 (...), yuv420p, 320x180, 10 fps`). */
export function parseStreamInfo(stderr: string): Omit<ProbeResult, 'ok' | 'error'> | undefined {
  const line = stderr.split('\n').find((l) => /Stream #\d+:\d+.*: Video: /.test(l));
  if (!line) return undefined;
  const codec = /Video: ([a-z0-9_]+)/i.exec(line)?.[1] ?? null;
  const size = /, (\d{2,5})x(\d{2,5})[, []/.exec(line);
  const fps = /, ([\d.]+) fps/.exec(line) ?? /, ([\d.]+) tbr/.exec(line);
  return {
    codec,
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    fps: fps ? Number(fps[1]) : null,
  };
}

/** The most telling line of a failed ffmpeg run (its last error), without any password. */
export function ffmpegFailure(stderr: string, url: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('ffmpeg version') && !/^(built with|configuration:|lib\w+ )/.test(l));
  // Without the "[hls @ 0x55d...]" origin tag: the address is noise to a reader.
  let message = (lines.at(-1) ?? 'ffmpeg could not read the stream').replace(
    /^\[[\w-]+ @ 0x[0-9a-f]+\] /,
    '',
  );
  try {
    const parsed = new URL(url);
    if (parsed.password) message = message.split(parsed.password).join('****');
  } catch {
    // not a URL: nothing to hide
  }
  return message.slice(0, 300);
}

/**
 * Opens a stream the way the pipeline would, reads one frame, and reports what it found:
 * codec, resolution and frame rate, or why it failed. Gives up after `timeoutMs`.
 */
export async function probeStream(url: string, timeoutMs = 10_000): Promise<ProbeResult> {
  const child = spawnChild(
    ffmpegBinary().path,
    [
      '-hide_banner',
      '-nostdin',
      '-analyzeduration',
      '1000000',
      '-probesize',
      '500000',
      '-rw_timeout',
      String(timeoutMs * 1000),
      '-i',
      url,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'null',
      '-',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 64 * 1024) stderr += chunk.toString();
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child, 500);
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', () => resolve(-1));
  });
  clearTimeout(timer);
  const info = parseStreamInfo(stderr);
  if (code === 0 && info) return { ok: true, ...info, error: null };
  return {
    ok: false,
    codec: info?.codec ?? null,
    width: info?.width ?? null,
    height: info?.height ?? null,
    fps: info?.fps ?? null,
    error: timedOut ? `No picture within ${Math.round(timeoutMs / 1000)} s` : ffmpegFailure(stderr, url),
  };
}
