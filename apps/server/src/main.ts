import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedDemo, seedDemoAttendance, seedDemoLeave } from './db/seed';
import { EventBus } from './events/bus';
import { trackInFlight } from './http/graceful-close';
import { scheduleLeaveYearRollover } from './modules/leave/rollover';
import { ensureTimezoneSetting, systemClock } from './modules/system/time';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await ensureTimezoneSetting(database.db, config.timezone);
  if (config.demo && (await seedDemo(database.db))) console.info('Seeded the demo organisation.');
  if (config.demo) await seedDemoAttendance(database.db);
  if (config.demo) await seedDemoLeave(database.db);

  const bus = new EventBus(database.db, database.url, (error) => console.error('event bus:', error));
  await bus.start();
  const app = await buildApp({ db: database.db, bus, config });
  const server = trackInFlight(app);
  const stopLeaveRollover = scheduleLeaveYearRollover(database.db, systemClock, (error) =>
    console.error('leave year rollover:', error),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then stopping`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, config.shutdownGraceMs + 5000);
    force.unref();
    try {
      stopLeaveRollover();
      await server.close(config.shutdownGraceMs);
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await bus.stop();
    await database.close();
    throw error;
  }
  const where = database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  console.info(
    `Atrium is running on http://localhost:${config.port} (database: ${where}${config.demo ? ', demo data' : ''})`,
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
