import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { ConfigError, isLoopbackHost, loadConfig } from './config';
import { OrgClock } from './core/clock';
import { EventBus } from './core/events/bus';
import { ensureTimezoneSetting } from './core/settings.repository';
import { createDb } from './db/connection';
import { openDatabase } from './db/open';
import { ReportsPool } from './db/reports-pool';
import { isDatabaseUnavailable } from './db/unavailable';
import {
  seedDemo,
  seedDemoAccess,
  seedDemoAttendance,
  seedDemoCorrections,
  seedDemoCounting,
  seedDemoLeave,
} from './demo';
import { startDemoDevices } from './demo/access-simulation';
import { startDemoCounters } from './demo/counting-simulation';
import { startDemoProvider } from './demo/sso-provider';
import { feedDemoCameras, startDemoCameraAlarms } from './demo/video';
import { SimulatorFleet } from './devices/hikvision/simulator/fleet';
import { refuseExposedDemo, startMessage } from './exposure';
import { trackInFlight } from './http/graceful-close';
import { deviceCredentialsKey } from './modules/access/credentials-key';
import { PublishedDemoLogins } from './modules/auth/published-logins';
import { ssoFromEnv } from './modules/sso/sso-settings';
import { VideoCameraStore } from './modules/video/camera-store';
import { startVideo } from './video/runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  // Before the database: a bad key file stops the start before anything else is started.
  const credentialsKey = await deviceCredentialsKey(config);
  const database = await openDatabase(config);
  try {
    await refuseExposedDemo(config, new PublishedDemoLogins(database.db));
  } catch (error) {
    await database.close();
    throw error;
  }
  await ensureTimezoneSetting(database.db, config.timezone);
  if (config.demo && (await seedDemo(database.db))) console.info('Seeded the demo organisation.');
  const clock = new OrgClock(database.db);
  if (config.demo) await seedDemoAttendance(database.db, clock);
  if (config.demo) await seedDemoLeave(database.db, clock);
  if (config.demo) await seedDemoCorrections(database.db, clock);
  if (config.demo) await seedDemoAccess(database.db, clock);
  if (config.demo) await seedDemoCounting(database.db, clock);

  const bus = new EventBus(database.db, database.listenUrl, (error) => console.error('event bus:', error));
  await bus.start();
  const videoRoot = path.join(config.dataDir, 'video');
  const video = await startVideo({
    store: new VideoCameraStore(database.db, bus, videoRoot),
    videoRoot,
    simulate:
      config.demo && config.simulateCameras
        ? (simulator) => feedDemoCameras(database.db, simulator)
        : undefined,
    run: config.video,
    minFreeMb: config.videoMinFreeMb,
    segmentSeconds: config.videoSegmentSeconds,
    log: (message) => console.info(message),
  });
  // The demo's simulated door controllers live in this process and die with it.
  const deviceFleet = new SimulatorFleet();
  const accessWriter = createDb(database.url, 1, {
    keepIdle: true,
    poolMode: config.databasePoolMode,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  const reports = new ReportsPool(database.url, {
    size: config.reportsPoolSize,
    statementTimeoutMs: config.reportsStatementTimeoutMs,
    queueLimit: config.reportsQueueLimit,
    queueTimeoutMs: config.reportsQueueTimeoutMs,
    poolMode: config.databasePoolMode,
  });
  let stopping = false;
  // Single sign-on from OIDC_* variables, or (DEMO_SSO=1) the demo's own provider once it runs.
  let fixedSso = ssoFromEnv(process.env);
  let stopDemoProvider: (() => Promise<void>) | undefined;
  const app = await buildApp({
    db: database.db,
    reports,
    bus,
    config,
    clock,
    video: { root: video.videoRoot, pipelines: video.supervisor },
    access: {
      picturesDir: path.join(config.dataDir, 'access-pictures'),
      simulator: deviceFleet,
      writer: accessWriter,
      deviceOfflineAfterSeconds: config.deviceOfflineAfterSeconds,
      credentialsKey,
    },
    ssoEnv: () => fixedSso,
    runJobs: true,
    draining: () => stopping,
  });
  let stopDemoDevices: (() => Promise<void>) | undefined;
  const server = trackInFlight(app);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(
      () => {
        console.error('Shutdown took too long; exiting.');
        process.exit(1);
      },
      config.shutdownDrainMs + config.shutdownGraceMs + 5000,
    );
    force.unref();
    try {
      // Behind a load balancer: the health check now answers 503, and the process goes on serving
      // until the balancer has seen that and sends nothing new, so no request meets a closed port.
      if (config.shutdownDrainMs > 0) {
        app.log.info(`${signal}: draining for ${config.shutdownDrainMs} ms (health answers 503)`);
        await sleep(config.shutdownDrainMs);
      }
      app.log.info(`${signal}: finishing in-flight requests, then stopping`);
      await stopDemoDevices?.();
      await stopDemoProvider?.();
      await server.close(config.shutdownGraceMs);
      await reports.close();
      await accessWriter.destroy();
      await video.stop();
      await bus.stop();
      await database.close();
      process.exitCode = 0;
    } catch (error) {
      console.error('Error while stopping:', error);
      process.exitCode = 1;
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A background task (a timer's query) that meets the database down must not take the server
  // with it: requests answer 503 meanwhile, and the pool reconnects when PostgreSQL is back.
  // Any other unhandled rejection still ends the process, as Node would.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      console.error('A background task failed, the database is unavailable:', String(reason));
      return;
    }
    console.error('Unhandled rejection:', reason);
    process.exit(1);
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await reports.close();
    await accessWriter.destroy();
    await video.stop();
    await bus.stop();
    await database.close();
    throw error;
  }
  if (config.demo && process.env.DEMO_SSO === '1' && !fixedSso) {
    const port = (app.server.address() as AddressInfo).port;
    const demoProvider = await startDemoProvider(database.db, [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
    ]);
    stopDemoProvider = demoProvider.stop;
    fixedSso = {
      enabled: true,
      display_name: 'the demo provider',
      issuer: demoProvider.issuer,
      client_id: demoProvider.clientId,
      client_secret: demoProvider.clientSecret,
      client_secret_encrypted: null,
      allowed_domains: ['atrium.local'],
      group_claim: 'groups',
      group_roles: [
        { group: 'atrium-admins', role: 'admin' },
        { group: 'managers', role: 'manager' },
      ],
      link_by_email: true,
      password_login: true,
    };
  }
  if (config.demo && config.simulateDevices) {
    const bound = app.server.address();
    const host =
      isLoopbackHost(config.host) || ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    const stopDoors = await startDemoDevices({
      db: database.db,
      clock,
      fleet: deviceFleet,
      origin: `http://${host}:${typeof bound === 'object' && bound ? bound.port : config.port}`,
      credentialsKey,
      log: (line) => app.log.warn(line),
    });
    // The controllers now have addresses: the device sync writes their people at once, not at its next sweep.
    await bus.publish({ kind: 'devices_changed' });
    const stopCounters = await startDemoCounters({
      db: database.db,
      clock,
      origin: `http://${host}:${typeof bound === 'object' && bound ? bound.port : config.port}`,
      log: (line) => app.log.warn(line),
    });
    stopDemoDevices = async () => {
      await stopCounters();
      await stopDoors();
    };
  }
  if (config.demo && video.simulator) {
    const simulator = video.simulator;
    const bound = app.server.address();
    const host =
      isLoopbackHost(config.host) || ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
    const stopAlarms = await startDemoCameraAlarms(
      database.db,
      `http://${host}:${typeof bound === 'object' && bound ? bound.port : config.port}`,
      (key) => simulator.moving(key),
      (line) => app.log.warn(line),
    );
    const stopDoorsAndCounters = stopDemoDevices;
    stopDemoDevices = async () => {
      stopAlarms();
      await stopDoorsAndCounters?.();
    };
  }
  const where = database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.info(startMessage(config, port, where));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
