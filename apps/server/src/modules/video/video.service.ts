import { rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  Camera,
  CameraInput,
  TestConnectionResponse,
  TimelineResponse,
  VideoEvent,
} from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import { counted } from '../../core/text';
import { requireSite, rowExists } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { cutClip } from '../../video/clip';
import type { MediaTokens } from '../../video/media-token';
import { playbackPlaylist } from '../../video/playlists';
import { probeStream } from '../../video/probe';
import { safeJoin } from '../../video/recordings';
import { newPushSecret } from '../access/devices.service';
import { hashSecret } from '../access/push.service';
import * as snapshotRepo from './access-snapshots.repository';
import * as pushRepo from './camera-push.repository';
import { cameraPushPath } from './camera-push.service';
import { mediaUrls } from './media-urls';
import { hideCredentials, keepCredentials } from './stream-url';
import { computeUptime } from './uptime';
import * as repo from './video.repository';

/** What the service needs of the running pipelines (absent in a process that runs none). */
export interface PipelineControl {
  reload(cameraId: number): Promise<void>;
  removeFiles(cameraId: number): Promise<void>;
  readonly recordingPaused: boolean;
}

export interface VideoServiceDeps {
  db: Kysely<Database>;
  bus: EventBus;
  tokens: MediaTokens;
  /** DATA_DIR/video */
  videoRoot: string;
  pipelines?: PipelineControl;
  clock: OrgClock;
  /** Drops cached push secrets after a camera's secret changed. */
  onPushSecretRotated?: () => void;
}

/** The longest clip one request may cut. */
const MAX_CLIP_MS = 30 * 60_000;
/** The longest span a playback playlist or timeline covers. */
const MAX_SPAN_MS = 48 * 3600_000;

export class VideoService {
  constructor(private readonly d: VideoServiceDeps) {}

  /** A camera for `actor`: its media links work while the actor's session does. */
  private present(row: repo.CameraRow, actor: Actor): Camera {
    const token = this.d.tokens.issue(row.id, actor.sessionId, this.d.clock.now().getTime());
    const urls = mediaUrls(row.id, token);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      location: row.location,
      status: row.status,
      status_changed_at: row.status_changed_at.toISOString(),
      enabled: row.enabled,
      stream_url: hideCredentials(row.stream_url),
      access_point_id: row.access_point_id,
      access_point_name: row.access_point_name,
      site_id: row.site_id,
      site: row.site,
      recording_enabled: row.recording_enabled,
      recording_paused: this.d.pipelines?.recordingPaused ?? false,
      retention_hours: row.retention_hours,
      retention_max_mb: row.retention_max_mb,
      motion_sensitivity: row.motion_sensitivity,
      live_url: urls.live,
      snapshot_url: urls.snapshot,
      media_token: token,
      push_configured: row.push_secret_hash !== null,
    };
  }

  async cameras(actor: Actor): Promise<Camera[]> {
    authorize(actor, 'video.view');
    return (await repo.listCameras(this.d.db)).map((row) => this.present(row, actor));
  }

  private async camera(id: number): Promise<repo.CameraRow> {
    const row = await repo.findCamera(this.d.db, id);
    if (!row) throw notFound('Camera');
    return row;
  }

  private async values(input: CameraInput, current?: repo.CameraRow): Promise<repo.CameraValues> {
    const parsed = input as Required<CameraInput>;
    if (
      parsed.access_point_id != null &&
      !(await rowExists(this.d.db, 'access_points', parsed.access_point_id))
    ) {
      const message = 'The access point must be an existing one';
      throw new AppError('validation_failed', message, [
        { field: 'access_point_id', rule: 'exists', message },
      ]);
    }
    if (parsed.site_id !== undefined) await requireSite(this.d.db, parsed.site_id, 'site_id');
    return {
      name: parsed.name,
      location: parsed.location ?? '',
      stream_url: current ? keepCredentials(parsed.stream_url, current.stream_url) : parsed.stream_url,
      access_point_id: parsed.access_point_id ?? null,
      recording_enabled: parsed.recording_enabled,
      retention_hours: parsed.retention_hours,
      retention_max_mb: parsed.retention_max_mb,
      motion_sensitivity: parsed.motion_sensitivity,
      enabled: parsed.enabled,
      ...(parsed.site_id === undefined ? {} : { site_id: parsed.site_id }),
    };
  }

  private uniqueName(error: unknown): never {
    if (error instanceof Error && 'code' in error && error.code === '23505') {
      const message = 'A camera with this name already exists';
      throw new AppError('conflict', message, [{ field: 'name', rule: 'unique', message }]);
    }
    throw error;
  }

  async create(actor: Actor, input: CameraInput): Promise<Camera> {
    authorize(actor, 'video.manage');
    const values = await this.values(input);
    const id = await this.d.db
      .transaction()
      .execute(async (trx) => {
        const cameraId = await repo.insertCamera(trx, values);
        const site_id = values.site_id ?? (await repo.cameraSiteId(trx, cameraId));
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'camera.created',
          targetType: 'camera',
          targetId: cameraId,
          ip: actor.ip,
          details: { name: values.name, site_id },
        });
        await this.d.bus.publish(siteCountsChanged(), trx);
        return cameraId;
      })
      .catch((error) => this.uniqueName(error));
    await this.d.pipelines?.reload(id);
    return this.present(await this.camera(id), actor);
  }

  async update(actor: Actor, id: number, input: CameraInput): Promise<Camera> {
    authorize(actor, 'video.manage');
    const current = await this.camera(id);
    const values = await this.values(input, current);
    await this.d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.updateCamera(trx, id, values))) throw notFound('Camera');
        await recordAudit(trx, {
          actorUserId: actor.userId,
          action: 'camera.updated',
          targetType: 'camera',
          targetId: id,
          ip: actor.ip,
          details: {
            name: values.name,
            enabled: values.enabled,
            recording_enabled: values.recording_enabled,
            ...(values.site_id !== undefined && values.site_id !== current.site_id
              ? { site: { old: current.site_id, new: values.site_id } }
              : {}),
          },
        });
        if (values.site_id !== undefined && values.site_id !== current.site_id)
          await this.d.bus.publish(siteCountsChanged(), trx);
      })
      .catch((error) => this.uniqueName(error));
    await this.d.pipelines?.reload(id);
    return this.present(await this.camera(id), actor);
  }

  async remove(actor: Actor, id: number): Promise<boolean> {
    authorize(actor, 'video.manage');
    const current = await this.camera(id);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.deleteCamera(trx, id);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'camera.deleted',
        targetType: 'camera',
        targetId: id,
        ip: actor.ip,
        details: { name: current.name },
      });
      await this.d.bus.publish(siteCountsChanged(), trx);
    });
    // A push from the deleted camera is refused at once rather than failing on its missing row.
    this.d.onPushSecretRotated?.();
    await this.d.pipelines?.reload(id);
    await this.d.pipelines?.removeFiles(id);
    return true;
  }

  /** A new push URL for the camera's own events (shown once); the previous one stops working. */
  async rotatePushSecret(actor: Actor, id: number, origin: string): Promise<string> {
    authorize(actor, 'video.manage');
    const secret = newPushSecret();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await pushRepo.setCameraPushHash(trx, id, hashSecret(secret)))) throw notFound('Camera');
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'camera.push_secret_rotated',
        targetType: 'camera',
        targetId: id,
        ip: actor.ip,
      });
    });
    this.d.onPushSecretRotated?.();
    return `${origin}${cameraPushPath(secret)}`;
  }

  async testConnection(
    actor: Actor,
    body: { stream_url?: string; camera_id?: number },
  ): Promise<TestConnectionResponse> {
    authorize(actor, 'video.manage');
    let url = body.stream_url;
    if (body.camera_id) {
      const current = await this.camera(body.camera_id);
      url = url ? keepCredentials(url, current.stream_url) : current.stream_url;
    }
    if (!url) {
      const message = 'A stream URL (or a camera) is required';
      throw new AppError('validation_failed', message, [{ field: 'stream_url', rule: 'required', message }]);
    }
    return probeStream(url, 10_000);
  }

  async stats(actor: Actor) {
    authorize(actor, 'video.view');
    const today = await this.d.clock.today();
    const now = today.now;
    const startOfDay = (await this.d.clock.dayBounds(today.date)).start;
    const from = new Date(now.getTime() - 24 * 3600_000);
    const [motion, cameras, changes] = await Promise.all([
      repo.countMotionSince(this.d.db, startOfDay),
      repo.listCameras(this.d.db),
      repo.statusChangesForUptime(this.d.db, from),
    ]);
    return {
      motion_events_today: motion,
      active_cameras: cameras.filter((c) => c.enabled && c.status === 'online').length,
      uptime_percent: computeUptime(changes, from, now),
    };
  }

  async events(
    actor: Actor,
    q: { camera_id?: number; kind?: 'motion' | 'offline' | 'online'; cursor?: string; limit: number },
  ): Promise<{ events: VideoEvent[]; next_cursor: string | null }> {
    authorize(actor, 'video.view');
    let after: { at: Date; id: string } | undefined;
    if (q.cursor) {
      const [ms, id] = q.cursor.split('_');
      after = { at: new Date(Number(ms)), id: String(id) };
    }
    const rows = await repo.listVideoEvents(this.d.db, {
      cameraId: q.camera_id,
      kind: q.kind,
      after,
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const tokens = new Map<number, string>();
    const token = (cameraId: number) => {
      let t = tokens.get(cameraId);
      if (!t) {
        t = this.d.tokens.issue(cameraId, actor.sessionId, this.d.clock.now().getTime());
        tokens.set(cameraId, t);
      }
      return t;
    };
    return {
      events: page.map((e) => ({
        id: Number(e.id),
        camera_id: e.camera_id,
        camera_name: e.camera_name,
        kind: e.kind,
        source: e.source,
        started_at: e.started_at.toISOString(),
        ended_at: e.ended_at?.toISOString() ?? null,
        detail: e.detail,
        snapshot_url: e.snapshot_path ? mediaUrls(e.camera_id, token(e.camera_id)).event(Number(e.id)) : null,
      })),
      next_cursor: rows.length > q.limit && last ? `${last.started_at.getTime()}_${last.id}` : null,
    };
  }

  private span(from: string, to: string, max: number): { from: Date; to: Date } {
    const f = new Date(from);
    const t = new Date(to);
    if (t <= f) {
      const message = 'The end must be after the start';
      throw new AppError('validation_failed', message, [{ field: 'to', rule: 'after_from', message }]);
    }
    if (t.getTime() - f.getTime() > max) {
      const hours = max / 3600_000;
      const limit = hours >= 1 ? counted(hours, 'hour') : counted(max / 60_000, 'minute');
      const message = `The end must be at most ${limit} after the start`;
      throw new AppError('validation_failed', message, [{ field: 'to', rule: 'max_span', message }]);
    }
    return { from: f, to: t };
  }

  async timeline(actor: Actor, id: number, fromText: string, toText: string): Promise<TimelineResponse> {
    authorize(actor, 'video.view');
    const { from, to } = this.span(fromText, toText, MAX_SPAN_MS);
    await this.camera(id);
    const [segments, motion] = await Promise.all([
      repo.segmentsBetween(this.d.db, id, from, to),
      repo.motionBetween(this.d.db, id, from, to),
    ]);
    // Back-to-back segments read as one recorded span.
    const spans: { from: Date; to: Date }[] = [];
    for (const s of segments) {
      const last = spans.at(-1);
      if (last && s.started_at.getTime() - last.to.getTime() <= 2000)
        last.to = s.ended_at > last.to ? s.ended_at : last.to;
      else spans.push({ from: s.started_at, to: s.ended_at });
    }
    return {
      spans: spans.map((s) => ({ from: s.from.toISOString(), to: s.to.toISOString() })),
      motion: motion.map((m) => ({
        from: m.started_at.toISOString(),
        to: m.ended_at?.toISOString() ?? null,
      })),
    };
  }

  /** The VOD playlist over [from, to); its segment URIs carry a media token of the caller's session. */
  async playback(
    caller: { actor: Actor | undefined; sessionId: string },
    id: number,
    fromText: string,
    toText: string,
  ): Promise<string> {
    if (caller.actor) authorize(caller.actor, 'video.view');
    const { from, to } = this.span(fromText, toText, MAX_SPAN_MS);
    await this.camera(id);
    const segments = await repo.segmentsBetween(this.d.db, id, from, to);
    if (segments.length === 0) throw new AppError('not_found', 'No recording in this period');
    const token = this.d.tokens.issue(id, caller.sessionId, this.d.clock.now().getTime());
    const urls = mediaUrls(id, token);
    return playbackPlaylist(segments, (s) => urls.segment(Number(s.id)), from);
  }

  async segmentFile(id: number, segmentId: number): Promise<string> {
    const segment = await repo.findSegment(this.d.db, id, segmentId);
    if (!segment) throw notFound('Recording');
    return safeJoin(this.d.videoRoot, segment.path);
  }

  async eventSnapshotFile(id: number, eventId: number): Promise<string> {
    const event = await repo.findVideoEvent(this.d.db, id, eventId);
    if (!event?.snapshot_path) throw notFound('Snapshot');
    return safeJoin(this.d.videoRoot, event.snapshot_path);
  }

  /** The file of an access event's camera picture, and the camera it is from. */
  async accessSnapshot(eventId: number): Promise<{ cameraId: number; file: string } | undefined> {
    const snapshot = await snapshotRepo.findAccessSnapshot(this.d.db, eventId);
    return snapshot && { cameraId: snapshot.camera_id, file: safeJoin(this.d.videoRoot, snapshot.path) };
  }

  cameraFile(id: number, ...parts: string[]): string {
    return safeJoin(this.d.videoRoot, path.join(String(id), ...parts));
  }

  /** Cuts an MP4 of [from, to) without re-encoding; the caller streams then deletes it. */
  async clip(
    actor: Actor,
    id: number,
    fromText: string,
    toText: string,
  ): Promise<{ file: string; name: string }> {
    authorize(actor, 'video.view');
    const { from, to } = this.span(fromText, toText, MAX_CLIP_MS);
    const camera = await this.camera(id);
    const segments = await repo.segmentsBetween(this.d.db, id, from, to);
    const first = segments[0];
    if (!first) throw new AppError('not_found', 'No recording in this period');
    const file = await cutClip(
      segments.map((s) => safeJoin(this.d.videoRoot, s.path)),
      first.started_at,
      from < first.started_at ? first.started_at : from,
      to,
      path.join(this.d.videoRoot, 'tmp'),
    );
    await recordAudit(this.d.db, {
      actorUserId: actor.userId,
      action: 'camera.clip_exported',
      targetType: 'camera',
      targetId: id,
      ip: actor.ip,
      details: { from: from.toISOString(), to: to.toISOString() },
    });
    const stamp = from.toISOString().replace(/[:]/g, '-').slice(0, 19);
    return { file, name: `${camera.code}-${stamp}.mp4` };
  }

  async discard(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
