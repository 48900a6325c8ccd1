/**
 * Latency from camera to browser: npm run bench -- video-latency [--seconds 30]
 *
 * Starts Atrium with its demo, adds a probe camera pulling a stream of this process's own camera
 * simulator (H.264 over HTTP, as the demo cameras), plays its live HLS in Chromium with hls.js set
 * up as the View Live player is, and measures twice, several times a second:
 * - glass to glass: the probe picture's box crosses at 40 px/s every 6.5 s, so its position in
 *   the frame on screen says when the simulator made that frame (the simulator knows when its
 *   picture clock started); latency = now - that time;
 * - by the playlist: now - hls.playingDate (the position's EXT-X-PROGRAM-DATE-TIME), what the
 *   player itself believes. The stamp is also checked against the segment files: mtime minus
 *   (stamp + duration) is how far the stamp is from the moment the segment was finished.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CameraSimulator } from '../apps/server/src/video/simulator';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startProcess } from './support/process';

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    seconds: { type: 'string', default: '30' },
    camera: { type: 'string', default: 'Main Entrance' },
  },
});
const seconds = Number(values.seconds);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(os.tmpdir(), `atrium-video-latency-${process.pid}`);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** mtime - (PDT + duration) of each finished segment in the live playlist, in ms. */
async function stampLateness(liveDir: string): Promise<number[]> {
  const text = await readFile(path.join(liveDir, 'index.m3u8'), 'utf8');
  const out: number[] = [];
  let pdt: number | undefined;
  let duration = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8)) * 1000;
    else if (line.endsWith('.ts') && pdt !== undefined) {
      const info = await stat(path.join(liveDir, line.trim())).catch(() => undefined);
      if (info) out.push(info.mtimeMs - (pdt + duration));
      pdt += duration;
    }
  }
  return out;
}

console.info(`video latency: Atrium with the demo cameras in ${dataDir}`);
const atrium = await startProcess('Atrium', ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  DATA_DIR: dataDir,
  DEMO: '1',
  LOG_LEVEL: 'warn',
  TZ: 'UTC',
});
// The probe: one sweep of the box (260 px at 40 px/s) every 6.5 s, so x says t modulo 6.5 s.
const SWEEP_S = 6.5;
const simulator = new CameraSimulator();
await simulator.listen();
const probeUrl = simulator.start('probe', 'Latency probe', {
  kind: 'bursts',
  periodSeconds: SWEEP_S,
  moveSeconds: SWEEP_S,
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { token } = await json<{ token: string }>(
    await fetch(`${atrium.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@atrium.local', password: 'Admin#2026' }),
    }),
  );
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  type Cam = { id: number; name: string; status: string; live_url: string };
  const created = await json<{ camera: Cam }>(
    await fetch(`${atrium.base}/api/video/cameras`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Latency probe', stream_url: probeUrl, recording_enabled: false }),
    }),
  );
  let camera: Cam | undefined;
  const deadline = Date.now() + 120_000;
  while (!camera) {
    const { cameras } = await json<{ cameras: Cam[] }>(
      await fetch(`${atrium.base}/api/video/cameras`, { headers: auth }),
    );
    camera = cameras.find((c) => c.id === created.camera.id && c.status === 'online');
    if (!camera) {
      if (Date.now() > deadline) throw new Error('the probe camera did not come online');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  // Live playlists appear once a few segments are written.
  await new Promise((r) => setTimeout(r, 4000));

  const hlsSource = await readFile(
    createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js', {
      paths: [path.join(root, 'apps/web')],
    }),
    'utf8',
  );
  // A page of Atrium's origin (so the media requests are same-origin) holding only a player.
  const page = await browser.newPage();
  await page.route(`${atrium.base}/latency.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><video id="v" muted autoplay playsinline></video><script>${hlsSource}</script>`,
    }),
  );
  await page.goto(`${atrium.base}/latency.html`);
  await page.evaluate((url) => {
    const w = window as unknown as {
      Hls: new (
        o: object,
      ) => {
        loadSource(u: string): void;
        attachMedia(v: HTMLVideoElement): void;
        playingDate: Date | null;
      };
      samples: { at: number; stamp: number | null; x: number | null }[];
    };
    const video = document.getElementById('v') as HTMLVideoElement;
    // The View Live player's settings (apps/web/src/features/video/lib/use-hls.ts).
    const hls = new w.Hls({ lowLatencyMode: false, liveSyncDurationCount: 2 });
    hls.loadSource(url);
    hls.attachMedia(video);
    void video.play().catch(() => {});
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    w.samples = [];
    setInterval(() => {
      if (video.paused || video.currentTime <= 0 || video.videoWidth !== 320) return;
      const at = Date.now();
      g.drawImage(video, 0, 0, 320, 180);
      // The box (orange, 40 px) on row 128: its left edge.
      const row = g.getImageData(0, 128, 320, 1).data;
      let x: number | null = null;
      for (let i = 0; i < 320; i += 1) {
        const [r, gr, b] = [row[i * 4]!, row[i * 4 + 1]!, row[i * 4 + 2]!];
        if (r > 200 && gr > 110 && gr < 200 && b < 90) {
          x = i;
          break;
        }
      }
      w.samples.push({ at, stamp: hls.playingDate ? hls.playingDate.getTime() : null, x });
    }, 200);
  }, camera.live_url);
  await page.waitForFunction(() => (window as unknown as { samples: number[] }).samples.length > 0, null, {
    timeout: 30_000,
  });
  // The player settles on its live edge in its first seconds: measure after that.
  await page.waitForTimeout(3000);
  await page.evaluate(() => {
    (window as unknown as { samples: number[] }).samples = [];
  });
  const lateness: number[] = [];
  const liveDir = path.join(dataDir, 'video', String(camera.id), 'live');
  for (let s = 0; s < seconds; s += 5) {
    await page.waitForTimeout(5000);
    lateness.push(...(await stampLateness(liveDir)));
  }
  const raw = await page.evaluate(
    () =>
      (window as unknown as { samples: { at: number; stamp: number | null; x: number | null }[] }).samples,
  );
  const start = simulator.pictureStart('probe');
  if (raw.length === 0 || start === undefined) throw new Error('the video never played');
  const byStamp = raw
    .filter((r) => r.stamp !== null)
    .map((r) => r.at - r.stamp!)
    .sort((a, b) => a - b);
  const stampMedian = quantile(byStamp, 0.5);
  // The frame's picture time is t = k * 6.5 + x / 40; k is the one that lands nearest the player's
  // own estimate (the two cannot be 3 s apart: the stamp check below bounds the difference).
  const glass = raw
    .filter((r) => r.x !== null && r.x > 12 && r.x < 265)
    .map((r) => {
      const tmod = (r.x! - 10) / 40;
      const elapsed = (r.at - start) / 1000;
      const k = Math.round((elapsed - stampMedian / 1000 - tmod) / SWEEP_S);
      return r.at - (start + (k * SWEEP_S + tmod) * 1000);
    })
    .sort((a, b) => a - b);
  const lateSorted = lateness.sort((a, b) => a - b);
  console.info(`probe camera: ${raw.length} samples over ${seconds} s of playing`);
  if (glass.length > 0)
    console.info(
      `  glass to glass (the box's position on screen): median ${fmt(quantile(glass, 0.5))}, p95 ${fmt(quantile(glass, 0.95))}, min ${fmt(glass[0]!)}, max ${fmt(glass.at(-1)!)} (${glass.length} samples) ${quantile(glass, 0.95) < 6000 ? 'under' : 'OVER'} the 6 s target`,
    );
  else console.info('  glass to glass: the box was not found in the picture');
  console.info(
    `  by the playlist (now - playing EXT-X-PROGRAM-DATE-TIME): median ${fmt(stampMedian)}, p95 ${fmt(quantile(byStamp, 0.95))}`,
  );
  console.info(
    `  program date-time check: segment files finish ${fmt(quantile(lateSorted, 0.5))} after their stamped end (median of ${lateSorted.length})`,
  );
} finally {
  await browser.close();
  await atrium.stop();
  await simulator.close();
  await rm(dataDir, { recursive: true, force: true });
}
