import { accessApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { DeviceRegistrationService } from './device-registration.service';

/** Adding and removing devices from the screen (issue 32). */
export function deviceRegistrationRoutes(registration: DeviceRegistrationService): FastifyPluginAsync {
  return async (app) => {
    route(app, accessApi.testDeviceConnection, async (request) => ({
      identity: await registration.testConnection(actorOf(request), request.body),
    }));
    route(app, accessApi.createDevice, async (request) =>
      registration.add(actorOf(request), request.body, `${request.protocol}://${request.host}`),
    );
    route(app, accessApi.setEventTarget, async (request) => ({
      device: await registration.setEventTarget(
        actorOf(request),
        request.params.id,
        `${request.protocol}://${request.host}`,
      ),
    }));
    route(app, accessApi.removeDevice, async (request) => {
      await registration.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
