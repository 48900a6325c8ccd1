import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, signIn } from './support/auth';

/**
 * Video in the browser against the demo cameras: the camera simulator serves six streams on
 * loopback (Car Park is offline by design) and the server's pipelines read them. Playing is
 * judged by the <video> element's clock moving, not by a screenshot.
 */

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

interface CameraRow {
  id: number;
  name: string;
  status: string;
}

async function cameras(request: APIRequestContext): Promise<CameraRow[]> {
  const login = await request.post('/api/auth/login', {
    data: { email: demo.admin.email, password: demo.admin.password },
  });
  const token = (await login.json()).token as string;
  const res = await request.get('/api/video/cameras', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()).cameras as CameraRow[];
}

/** Waits until the video element's clock has moved on by at least `seconds`. */
async function expectPlaying(page: Page, testId: string, seconds = 1.5): Promise<void> {
  const video = page.getByTestId(testId);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(first + seconds);
}

/** HH:MM:SS of an instant in UTC (the e2e server's organisation zone). */
const hms = (date: Date) => date.toISOString().slice(11, 19);

test.describe('video surveillance', () => {
  // Pipelines start with the server and the machine is shared: give the video journeys room.
  test.describe.configure({ timeout: 150_000 });

  test('tiles show status; offline tiles have both buttons disabled; View Live plays', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/video');
    await expect(page.getByRole('heading', { name: 'Video Surveillance' })).toBeVisible();
    const carPark = page.getByRole('region', { name: 'Camera Car Park' });
    await expect(carPark.getByText('Offline')).toBeVisible();
    await expect(carPark.getByRole('button', { name: /View Live/ })).toBeDisabled();
    await expect(carPark.getByRole('button', { name: /Playback/ })).toBeDisabled();
    const entrance = page.getByRole('region', { name: 'Camera Main Entrance' });
    await expect(entrance.getByText('Online')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Motion Events Today')).toBeVisible();
    await expect(page.getByText('Active Cameras')).toBeVisible();
    await expect(page.getByText('Uptime')).toBeVisible();

    await entrance.getByRole('button', { name: /View Live/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Main Entrance · Live' });
    await expect(dialog).toBeVisible();
    await expectPlaying(page, 'live-video');
    // The camera's wall-clock time is shown over the picture.
    await expect(dialog.getByText(/\d{2}:\d{2}:\d{2}/)).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('playback plays a recorded span opened from a link, and a clip downloads as a valid MP4', async ({
    page,
    request,
  }, testInfo) => {
    const entrance = (await cameras(request)).find((c) => c.name === 'Main Entrance');
    expect(entrance).toBeTruthy();
    await signIn(page, 'admin');
    // The e2e server records 4-second segments: the last minute is on disk and indexed.
    const at = new Date(Date.now() - 30_000);
    await page.goto(`/video?camera=${entrance!.id}&at=${at.toISOString()}`);
    const dialog = page.getByRole('dialog', { name: 'Main Entrance · Playback' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/[1-9]\d* recorded spans?/)).toBeVisible({ timeout: 30_000 });
    await expectPlaying(page, 'playback-video', 1);

    const end = new Date(Date.now() - 20_000);
    const start = new Date(end.getTime() - 8_000);
    await dialog.getByLabel('Start').fill(hms(start));
    await dialog.getByLabel('End').fill(hms(end));
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download clip' }).click();
    const file = testInfo.outputPath('clip.mp4');
    await (await download).saveAs(file);
    // ffmpeg reads it to the end without an error, and finds an H.264 track in an MP4 container.
    const decoded = spawnSync(ffmpeg, ['-hide_banner', '-i', file, '-map', '0:v:0', '-f', 'null', '-'], {
      encoding: 'utf8',
    });
    expect(decoded.status).toBe(0);
    const described = decoded.stderr;
    expect(described).toMatch(/Input #0, mov,mp4/);
    expect(described).toMatch(/Video: h264/);
    expect(described).toMatch(/frame=\s*[1-9]/);
  });

  test("an access event's details show the camera's picture of that moment", async ({
    page,
    request,
  }, testInfo) => {
    await expect
      .poll(async () => (await cameras(request)).find((c) => c.name === 'Main Entrance')?.status, {
        timeout: 60_000,
      })
      .toBe('online');
    const login = await request.post('/api/auth/login', {
      data: { email: demo.admin.email, password: demo.admin.password },
    });
    const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
    // A passage at Main Entrance, which the Main Entrance camera watches.
    const passage = await request.post('/api/access/simulate', {
      headers,
      data: { action: 'entry', access_point: 'Main Entrance', device_id: 'HK-101' },
    });
    expect(passage.ok()).toBe(true);
    const eventId = (await passage.json()).log.id as number;
    // The camera's next frame (every 3 s) is kept with the event.
    await expect
      .poll(
        async () => (await request.get(`/api/video/access-events/${eventId}/snapshot`, { headers })).status(),
        { timeout: 15_000 },
      )
      .toBe(200);

    await signIn(page, 'admin');
    const open = async () => {
      await page.goto('/access-control');
      await page.getByRole('tab', { name: 'Access Logs' }).click();
      const row = page.getByTestId('access-log-row').filter({ hasText: demo.admin.name }).first();
      await row.getByRole('button', { name: /^View Details/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Access event details' });
      const picture = dialog.getByTestId('camera-snapshot');
      await expect(picture).toBeVisible();
      // A real picture arrived: the browser decoded it to its size.
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      await expect(dialog.getByText('Camera at that moment')).toBeVisible();
      return dialog;
    };
    await open();
    await page.screenshot({ path: testInfo.outputPath('access-details-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await open();
    await page.screenshot({ path: testInfo.outputPath('access-details-390.png') });
  });

  test('staff get Access Denied on /video', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto('/video');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });
});
