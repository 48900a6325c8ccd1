import { accessApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { acceptRawPushBodies } from '../../devices/hikvision/push-body';
import { route } from '../../http/route';
import type { DevicePushService } from './push.service';

/** `POST /api/devices/isapi/{pushToken}`: where controllers (httpHosts) push their events. */
export function isapiPushRoutes(push: DevicePushService): FastifyPluginAsync {
  return async (app) => {
    acceptRawPushBodies(app);
    route(app, accessApi.devicePush, async (request) => {
      const device = await push.authenticate(request.params.pushToken);
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const outcome = await push.receive(device, request.headers['content-type'], body);
      return { statusCode: 1 as const, statusString: 'OK' as const, result: outcome.result };
    });
  };
}
