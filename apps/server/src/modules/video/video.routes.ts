import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { videoApi } from '@atrium/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/actor';
import { notFound, unauthorized } from '../../core/errors';
import { authorize } from '../../core/policies';
import { actorOf, bearerToken } from '../../http/authenticate';
import { route } from '../../http/route';
import type { MediaTokens } from '../../video/media-token';
import { signLivePlaylist } from '../../video/playlists';
import type { AuthService } from '../auth/auth.service';
import type { MediaSessions } from './media-sessions';
import type { VideoService } from './video.service';

const HLS = 'application/vnd.apple.mpegurl';

/** Who asks for media: a signed-in caller (bearer), or the session a signed link was issued to. */
interface MediaCaller {
  actor: Actor | undefined;
  sessionId: string;
}

/**
 * Media routes are reached by <video> and <img>, which send no bearer header: they take the
 * signed token `t` of the camera list instead, or a bearer token like any route. Without
 * either the answer is 401; a signed-in non-administrator gets 403. A token works only while
 * the session it was issued to is live and may still see video.
 */
async function mediaCaller(
  request: FastifyRequest,
  auth: AuthService,
  tokens: MediaTokens,
  sessions: MediaSessions,
  cameraId: number,
): Promise<MediaCaller> {
  const bearer = bearerToken(request);
  if (bearer) {
    const actor = await auth.authenticate(bearer, request.ip);
    if (!actor) throw unauthorized('Your session has expired. Please sign in again.');
    authorize(actor, 'video.view');
    return { actor, sessionId: actor.sessionId };
  }
  const t = (request.query as { t?: string }).t;
  const sessionId = tokens.verify(cameraId, t);
  if (!sessionId || !(await sessions.mayView(sessionId)))
    throw unauthorized(t ? 'This video link has expired' : 'Sign in to continue');
  return { actor: undefined, sessionId };
}

async function sendFile(
  reply: FastifyReply,
  file: string,
  type: string,
  cache = 'no-store',
): Promise<FastifyReply> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound('Media');
  return reply
    .header('content-type', type)
    .header('content-length', info.size)
    .header('cache-control', cache)
    .send(createReadStream(file));
}

export function videoRoutes(
  video: VideoService,
  auth: AuthService,
  tokens: MediaTokens,
  sessions: MediaSessions,
): FastifyPluginAsync {
  return async (app) => {
    route(app, videoApi.cameras, async (request) => ({ cameras: await video.cameras(actorOf(request)) }));
    route(app, videoApi.createCamera, async (request) => ({
      camera: await video.create(actorOf(request), request.body),
    }));
    route(app, videoApi.updateCamera, async (request) => ({
      camera: await video.update(actorOf(request), request.params.id, request.body),
    }));
    route(app, videoApi.deleteCamera, async (request) => ({
      deleted: await video.remove(actorOf(request), request.params.id),
    }));
    route(app, videoApi.rotateCameraPushSecret, async (request) => ({
      pushUrl: await video.rotatePushSecret(
        actorOf(request),
        request.params.id,
        `${request.protocol}://${request.host}`,
      ),
    }));
    route(app, videoApi.testConnection, async (request) =>
      video.testConnection(actorOf(request), request.body),
    );
    route(app, videoApi.stats, async (request) => ({ stats: await video.stats(actorOf(request)) }));
    route(app, videoApi.events, async (request) => video.events(actorOf(request), request.query));
    route(app, videoApi.timeline, async (request) =>
      video.timeline(actorOf(request), request.params.id, request.query.from, request.query.to),
    );
    route(app, videoApi.clip, async (request, reply) => {
      const clip = await video.clip(actorOf(request), request.params.id, request.body.from, request.body.to);
      const stream = createReadStream(clip.file);
      stream.once('close', () => void video.discard(clip.file));
      const info = await stat(clip.file);
      return reply
        .header('content-type', 'video/mp4')
        .header('content-length', info.size)
        .header('content-disposition', `attachment; filename="${clip.name}"`)
        .send(stream);
    });

    route(app, videoApi.live, async (request, reply) => {
      const { id, file } = request.params;
      const caller = await mediaCaller(request, auth, tokens, sessions, id);
      if (file.endsWith('.m3u8')) {
        const text = await readFile(video.cameraFile(id, 'live', file), 'utf8').catch(() => {
          throw notFound('Live stream');
        });
        return reply
          .header('content-type', HLS)
          .header('cache-control', 'no-store')
          .send(signLivePlaylist(text, tokens.issue(id, caller.sessionId)));
      }
      return sendFile(reply, video.cameraFile(id, 'live', file), 'video/mp2t', 'private, max-age=60');
    });
    route(app, videoApi.snapshot, async (request, reply) => {
      const { id } = request.params;
      await mediaCaller(request, auth, tokens, sessions, id);
      return sendFile(reply, video.cameraFile(id, 'snapshot.jpg'), 'image/jpeg');
    });
    route(app, videoApi.playback, async (request, reply) => {
      const { id } = request.params;
      const { from, to } = request.query;
      const caller = await mediaCaller(request, auth, tokens, sessions, id);
      const playlist = await video.playback(caller, id, from, to);
      return reply.header('content-type', HLS).header('cache-control', 'no-store').send(playlist);
    });
    route(app, videoApi.segment, async (request, reply) => {
      const { id, segment } = request.params;
      await mediaCaller(request, auth, tokens, sessions, id);
      return sendFile(reply, await video.segmentFile(id, segment), 'video/mp2t', 'private, max-age=3600');
    });
    route(app, videoApi.accessSnapshot, async (request, reply) => {
      const snapshot = await video.accessSnapshot(request.params.event);
      // Asked before saying whether there is one: a stranger learns nothing.
      await mediaCaller(request, auth, tokens, sessions, snapshot?.cameraId ?? 0);
      if (!snapshot) throw notFound('Snapshot');
      return sendFile(reply, snapshot.file, 'image/jpeg', 'private, max-age=3600');
    });
    route(app, videoApi.eventSnapshot, async (request, reply) => {
      const { id, event } = request.params;
      await mediaCaller(request, auth, tokens, sessions, id);
      return sendFile(reply, await video.eventSnapshotFile(id, event), 'image/jpeg', 'private, max-age=3600');
    });
  };
}
