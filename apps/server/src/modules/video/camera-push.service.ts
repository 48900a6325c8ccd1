import type { Kysely } from 'kysely';
import type { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import type { Database } from '../../db/schema';
import { isMotionType, readMotionNotice } from '../../devices/hikvision/camera-events';
import { PushFormatError, parsePush, readHeader } from '../../devices/hikvision/parse';
import { hashSecret, PUSH_TOKEN } from '../access/push.service';
import * as repo from './camera-push.repository';

/**
 * A camera that says nothing for this long has stopped seeing motion: Hikvision cameras repeat
 * "active" every second or so while motion lasts, and some never send "inactive".
 */
export const CAMERA_MOTION_SILENCE_MS = 15_000;

export const cameraPushPath = (secret: string) => `/api/video/isapi/${secret}`;

/** How long a push secret's camera is remembered: a rotated secret stops within this time. */
const CAMERA_CACHE_MS = 2000;

type PushCamera = { id: number; code: string; name: string };

export interface CameraPushOutcome {
  result: 'opened' | 'extended' | 'closed' | 'heartbeat' | 'ignored';
  eventId: number | null;
}

/**
 * The camera side of video: authenticates a camera's push by the secret in its URL (as door
 * controllers are) and turns its motion notices into motion events in the same table as the
 * detector's, with source 'camera'. Times are Atrium's receive times, not the camera's: the
 * recordings and the timeline are on Atrium's clock, and a camera's clock drifts.
 */
export class CameraPushService {
  private readonly cameras = new Map<string, { camera: PushCamera | undefined; until: number }>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  forgetSecrets(): void {
    this.cameras.clear();
  }

  async authenticate(token: string): Promise<PushCamera> {
    if (!PUSH_TOKEN.test(token)) throw new AppError('unauthorized', 'Unauthorized');
    const hash = hashSecret(token);
    const now = Date.now();
    let cached = this.cameras.get(hash);
    if (!cached || cached.until < now) {
      cached = { camera: await repo.findCameraByPushHash(this.db, hash), until: now + CAMERA_CACHE_MS };
      if (this.cameras.size > 10_000) this.cameras.clear();
      this.cameras.set(hash, cached);
    }
    if (!cached.camera) throw new AppError('unauthorized', 'Unauthorized');
    return cached.camera;
  }

  async receive(
    camera: PushCamera,
    contentType: string | undefined,
    body: Buffer | undefined,
  ): Promise<CameraPushOutcome> {
    const at = this.clock.now();
    let notice: ReturnType<typeof readMotionNotice>;
    try {
      if (!body || body.length === 0) throw new PushFormatError('the body is empty');
      const { alert } = parsePush(contentType, body);
      const header = readHeader(alert);
      if (header.heartbeat) return { result: 'heartbeat', eventId: null };
      if (!isMotionType(header.eventType)) return { result: 'ignored', eventId: null };
      notice = readMotionNotice(header.eventType, alert, await this.clock.timeZone());
    } catch (error) {
      if (!(error instanceof PushFormatError)) throw error;
      throw new AppError('validation_failed', `The event could not be read: ${error.message}`, [
        { field: 'body', rule: 'format', message: `The event could not be read: ${error.message}` },
      ]);
    }
    return notice.active ? this.active(camera, notice, at) : this.inactive(camera, at);
  }

  private async active(
    camera: PushCamera,
    notice: ReturnType<typeof readMotionNotice>,
    at: Date,
  ): Promise<CameraPushOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await repo.lockCameraMotion(trx, camera.id);
      const open = await repo.openCameraMotion(trx, camera.id);
      const lastSignal = open?.last_signal_at ?? open?.started_at;
      const recent = lastSignal && at.getTime() - lastSignal.getTime() <= CAMERA_MOTION_SILENCE_MS;
      // The sweep may have ended it meanwhile: then a new event begins.
      if (open && recent && (await repo.touchCameraMotion(trx, Number(open.id), at)))
        return { result: 'extended' as const, eventId: Number(open.id) };
      // An event the camera left open and went silent on ended at its last notice.
      if (open && lastSignal && !recent) await this.end(trx, camera.id, Number(open.id), lastSignal);
      const detail = [
        `${notice.label} reported by the camera`,
        notice.target ? `target ${notice.target}` : null,
        notice.channel !== null ? `channel ${notice.channel}` : null,
        notice.ipAddress ?? notice.macAddress,
      ]
        .filter(Boolean)
        .join(', ');
      const id = await repo.insertCameraMotion(trx, { camera_id: camera.id, at, detail });
      await this.publish(trx, camera.id, id, false);
      return { result: 'opened' as const, eventId: id };
    });
  }

  private async inactive(camera: PushCamera, at: Date): Promise<CameraPushOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await repo.lockCameraMotion(trx, camera.id);
      const open = await repo.openCameraMotion(trx, camera.id);
      if (!open) return { result: 'ignored' as const, eventId: null };
      await this.end(trx, camera.id, Number(open.id), at);
      return { result: 'closed' as const, eventId: Number(open.id) };
    });
  }

  private async end(trx: Kysely<Database>, cameraId: number, id: number, at: Date): Promise<void> {
    await repo.endCameraMotion(trx, id, at);
    await this.publish(trx, cameraId, id, true);
  }

  private async publish(trx: Kysely<Database>, cameraId: number, id: number, ended: boolean) {
    await this.bus.publish(
      {
        kind: 'live',
        type: 'video_event',
        data: { id, cameraId, kind: 'motion', ended },
        audience: { admins: true },
      },
      trx,
    );
  }

  /** Ends the motion of cameras that fell silent without "inactive"; returns how many. */
  async endSilent(now = this.clock.now()): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const ended = await repo.endSilentCameraMotion(trx, new Date(now.getTime() - CAMERA_MOTION_SILENCE_MS));
      for (const e of ended) await this.publish(trx, e.camera_id, e.id, true);
      return ended.length;
    });
  }

  /** Checks for silent cameras every few seconds until stopped. */
  start(onError: (error: unknown) => void): void {
    this.sweeper = setInterval(() => void this.endSilent().catch(onError), 5000);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
