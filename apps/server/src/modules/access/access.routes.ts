import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { accessApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../core/errors';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { sendCsv } from '../../http/csv-reply';
import { route } from '../../http/route';
import type { AccessService } from './access.service';
import type { DevicesService } from './devices.service';
import type { DevicePushService } from './push.service';

export function accessRoutes(
  access: AccessService,
  devices: DevicesService,
  push: DevicePushService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, accessApi.myLogs, async (request) => access.myLogs(actorOf(request), request.query));
    route(app, accessApi.myStatus, async (request) => ({ status: await access.myStatus(actorOf(request)) }));
    route(app, accessApi.myPermissions, async (request) => ({
      permissions: await access.myPermissions(actorOf(request)),
    }));
    route(app, accessApi.myStats, async (request) => ({ stats: await access.myStats(actorOf(request)) }));
    route(app, accessApi.simulate, async (request) => ({
      log: await access.simulate(actorOf(request), request.body),
    }));
    route(app, accessApi.eventPicture, async (request, reply) => {
      const relative = await access.eventPicture(actorOf(request), request.params.id);
      const file = push.picturePath(relative);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound('Picture');
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=3600')
        .send(createReadStream(file));
    });

    route(app, accessApi.stats, async (request) => ({
      stats: await access.stats(actorOf(request), request.query.siteId),
    }));
    route(app, accessApi.logs, async (request) => access.logs(actorOf(request), request.query));
    route(app, accessApi.exportLogs, async (request, reply) => {
      const file = await access.exportLogs(actorOf(request), request.query, clientGone(reply));
      return sendCsv(reply, file.filename, file.lines);
    });
    route(app, accessApi.accessPoints, async (request) => ({
      accessPoints: await access.accessPoints(actorOf(request)),
    }));
    route(app, accessApi.devices, async (request) => ({ devices: await devices.list(actorOf(request)) }));
    route(app, accessApi.updateDevice, async (request) => ({
      device: await devices.update(actorOf(request), request.params.id, request.body),
    }));
    route(app, accessApi.patchDevice, async (request) => ({
      device: await devices.update(actorOf(request), request.params.id, request.body),
    }));
    route(app, accessApi.rotatePushSecret, async (request) => ({
      pushUrl: await devices.rotatePushSecret(
        actorOf(request),
        request.params.id,
        `${request.protocol}://${request.host}`,
      ),
    }));
    route(app, accessApi.deviceEvents, async (request) =>
      devices.events(actorOf(request), request.params.id, request.query),
    );
    route(app, accessApi.doorStatus, async (request) => ({
      doorStatus: await devices.doorStatus(actorOf(request), request.params.id),
    }));
    route(app, accessApi.openDoor, async (request) => ({
      result: await devices.openDoor(actorOf(request), request.params.id, request.body.door),
    }));
    route(app, accessApi.alerts, async (request) => access.alerts(actorOf(request), request.query));
    route(app, accessApi.acknowledgeAlert, async (request) => ({
      alert: await access.acknowledge(actorOf(request), request.params.id, request.body.note),
    }));
    route(app, accessApi.simulateHikvision, async (request) => ({
      result: await devices.simulateHikvision(actorOf(request), request.body),
    }));
    route(app, accessApi.setBadge, async (request) => ({
      user: await access.setBadge(actorOf(request), request.params.id, request.body.badge_number),
    }));
  };
}
