import os from 'node:os';
import path from 'node:path';
import type { AtriumModule, ModuleContext } from '../../core/module';
import type { Db } from '../../db/connection';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import type { SimulatorFleet } from '../../devices/hikvision/simulator/fleet';
import { accessRoutes } from './access.routes';
import { AccessService } from './access.service';
import { accessLevelsRoutes } from './access-levels.routes';
import { AccessLevelsService } from './access-levels.service';
import { loadDeviceCredentials } from './device-credentials';
import { startDeviceMonitor } from './device-monitor';
import { deviceRegistrationRoutes } from './device-registration.routes';
import { DeviceRegistrationService } from './device-registration.service';
import { DeviceSync, type DeviceSyncOptions } from './device-sync/device-sync';
import { deviceSyncRoutes } from './device-sync/device-sync.routes';
import { DevicesService } from './devices.service';
import { AccessIngest } from './ingest.service';
import { isapiPushRoutes } from './push.routes';
import { DevicePushService } from './push.service';
import { PushDevices } from './push-devices';

export interface AccessOptions {
  /** Where pictures devices send are kept (DATA_DIR/access-pictures). */
  picturesDir?: string;
  /** The simulated controllers, when this process runs them (demo, tests). */
  simulator?: SimulatorFleet;
  /** A connection of door events' own to write them on (see AccessIngest); by default the pool. */
  writer?: Db;
  /** A device silent this long is marked offline by the monitor (a job). */
  deviceOfflineAfterSeconds?: number;
  /** How devices reach Atrium (PUBLIC_URL); unset, the origin the administrator's browser used. */
  publicUrl?: string;
  /**
   * The key of devices' command passwords (DEVICE_CREDENTIALS_KEY or DATA_DIR's key file). Without
   * it, as in tests that never store one, adding a device with a password fails.
   */
  credentialsKey?: Buffer;
  /** How people are written to controllers (tests shorten the sweep). */
  sync?: DeviceSyncOptions;
}

/**
 * Access control's parts, wired: ingestion, the device push endpoint, the API, the device
 * monitor. Other domains that receive device pushes (people counting) register on
 * `push.handle(eventType, ...)`; video listens to stored events through `ingest.onStored`.
 */
export async function createAccessModule(ctx: ModuleContext, options: AccessOptions = {}) {
  const { db, bus, clock } = ctx;
  const credentials = options.credentialsKey
    ? await loadDeviceCredentials(db, options.credentialsKey)
    : new DeviceCredentials(undefined);
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
  const access = new AccessService(db, clock, ingest, ctx.reports, bus);
  const devices = new DevicesService(db, bus, clock, credentials, options.simulator, () =>
    push.forgetSecrets(),
  );
  const registration = new DeviceRegistrationService(
    db,
    bus,
    clock,
    credentials,
    () => push.forgetSecrets(),
    options.publicUrl,
  );
  const levels = new AccessLevelsService(db, bus, clock);
  const sync = new DeviceSync(
    db,
    clock,
    credentials,
    (error) => ctx.onError('device sync', error),
    options.sync,
  );
  const module: AtriumModule = {
    name: 'access',
    async routes(api) {
      // Not logged line by line (see the app's logController): controllers push all day.
      await api.register(isapiPushRoutes(push));
      await api.register(accessRoutes(access, devices, push));
      await api.register(deviceRegistrationRoutes(registration));
      await api.register(accessLevelsRoutes(levels));
      await api.register(deviceSyncRoutes(db, sync));
    },
    follow: () => pushDevices.follow(),
    jobs: () => {
      const stopMonitor = startDeviceMonitor(
        db,
        bus,
        clock.now,
        options.deviceOfflineAfterSeconds ?? 120,
        (error) => ctx.onError('device monitor', error),
      );
      const stopSync = sync.start(bus);
      return async () => {
        await stopSync();
        await stopMonitor();
      };
    },
  };
  return { module, ingest, push, devices, sync };
}
