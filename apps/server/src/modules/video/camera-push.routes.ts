import { videoApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_PUSH_BYTES } from '../../devices/hikvision/push.routes';
import { route } from '../../http/route';
import type { CameraPushService } from './camera-push.service';

/**
 * `POST /api/video/isapi/{pushToken}`: where cameras push their own events. Its own plugin, so
 * the body parser below (any content type, kept as raw bytes) applies here only.
 */
export function cameraPushRoutes(push: CameraPushService): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PUSH_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    route(app, videoApi.cameraPush, async (request) => {
      const camera = await push.authenticate(request.params.pushToken);
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const outcome = await push.receive(camera, request.headers['content-type'], body);
      return {
        statusCode: 1 as const,
        statusString: 'OK' as const,
        result: outcome.result,
        event_id: outcome.eventId,
      };
    });
  };
}
