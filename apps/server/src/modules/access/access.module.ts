import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import type { Db } from '../../db/connection';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { isapiPushRoutes } from '../../devices/hikvision/push.routes';
import type { SimulatorFleet } from '../../devices/hikvision/simulator/fleet';
import { accessRoutes } from './access.routes';
import { AccessService } from './access.service';
import { DevicesService } from './devices.service';
import { AccessIngest } from './ingest.service';
import { DevicePushService } from './push.service';
import { PushDevices } from './push-devices';

export interface AccessOptions {
  /** Where pictures devices send are kept (DATA_DIR/access-pictures). */
  picturesDir?: string;
  /** The simulated controllers, when this process runs them (demo, tests). */
  simulator?: SimulatorFleet;
  /** A connection of door events' own to write them on (see AccessIngest); by default the pool. */
  writer?: Db;
}

/**
 * Access control's parts, wired: ingestion, the device push endpoint, the API. Other domains
 * that receive device pushes (people counting) register on `push.handle(eventType, ...)`.
 */
export async function createAccess(db: Db, bus: EventBus, clock: OrgClock, options: AccessOptions = {}) {
  const credentials = await DeviceCredentials.load(db);
  const ingest = new AccessIngest(db, bus, clock, options.writer);
  const pushDevices = new PushDevices(db, bus);
  const push = new DevicePushService(
    db,
    bus,
    clock,
    ingest,
    options.picturesDir ?? path.join(os.tmpdir(), 'atrium-access-pictures'),
    pushDevices,
  );
  const access = new AccessService(db, clock, ingest);
  const devices = new DevicesService(db, bus, clock, credentials, options.simulator, () =>
    push.forgetSecrets(),
  );
  return {
    ingest,
    push,
    access,
    devices,
    /** Follows device changes made by any process; returns the unsubscribe. */
    follow: () => pushDevices.follow(),
    /** Registers the routes inside the /api prefix. */
    async register(api: FastifyInstance): Promise<void> {
      // Not logged line by line (see the app's logController): controllers push all day.
      await api.register(isapiPushRoutes(push));
      await api.register(accessRoutes(access, devices, push));
    },
  };
}
