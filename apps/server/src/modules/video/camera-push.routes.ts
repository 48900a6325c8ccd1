import { videoApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { acceptRawPushBodies } from '../../devices/hikvision/push-body';
import { route } from '../../http/route';
import type { CameraPushService } from './camera-push.service';

/**
 * `POST /api/video/isapi/{pushToken}`: where cameras push their own events. Its own plugin,
 * so the raw body parser applies here only.
 */
export function cameraPushRoutes(push: CameraPushService): FastifyPluginAsync {
  return async (app) => {
    acceptRawPushBodies(app);
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
