import { accessApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../core/audit.repository';
import { notFound } from '../../../core/errors';
import { authorize } from '../../../core/policies';
import type { Database } from '../../../db/schema';
import { actorOf } from '../../../http/authenticate';
import { route } from '../../../http/route';
import { toDevice } from '../access.presenter';
import { findDeviceView } from '../devices.repository';
import type { DeviceSync } from './device-sync';
import { requestResync } from './sync.repository';

/** Resync: the device's own people are read back and everything is written again; audited. */
export function deviceSyncRoutes(db: Kysely<Database>, sync: DeviceSync): FastifyPluginAsync {
  return async (app) => {
    route(app, accessApi.resyncDevice, async (request) => {
      const actor = actorOf(request);
      authorize(actor, 'access.manage');
      await db.transaction().execute(async (trx) => {
        if (!(await requestResync(trx, request.params.id))) throw notFound('Device');
        await recordAudit(trx, {
          actorUserId: actor.userId,
          ip: actor.ip,
          action: 'device.resync',
          targetType: 'device',
          targetId: request.params.id,
        });
      });
      sync.poke();
      const device = await findDeviceView(db, request.params.id);
      if (!device) throw notFound('Device');
      return { device: toDevice(device) };
    });
  };
}
