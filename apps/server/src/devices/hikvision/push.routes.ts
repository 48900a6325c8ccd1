import { accessApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import type { DevicePushService } from '../../modules/access/push.service';

/** Devices push one event at a time; pictures are a few hundred KB. Larger bodies answer 413. */
export const MAX_PUSH_BYTES = 2 * 1024 * 1024;

/**
 * `POST /api/devices/isapi/{pushToken}`: where controllers (httpHosts) push their events. Its
 * own plugin, so the body parser below (any content type, kept as raw bytes) applies here only
 * and the rest of /api keeps refusing XML and multipart.
 */
export function isapiPushRoutes(push: DevicePushService): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PUSH_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    route(app, accessApi.devicePush, async (request) => {
      const device = await push.authenticate(request.params.pushToken);
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const outcome = await push.receive(device, request.headers['content-type'], body);
      return { statusCode: 1 as const, statusString: 'OK' as const, result: outcome.result };
    });
  };
}
