import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { EventBus } from './events/bus';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { registerLiveSocket } from './live/socket';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { AttendanceService } from './modules/attendance/attendance.service';
import { AttendanceAdminService } from './modules/attendance/attendance-admin.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { TokenSigner } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { LeaveApplicationsService } from './modules/leave/applications.service';
import { LeaveDecisionsService } from './modules/leave/decisions.service';
import { leaveRoutes } from './modules/leave/leave.routes';
import { LeavePoliciesService } from './modules/leave/policies.service';
import { peopleRoutes } from './modules/people/people.routes';
import { PeopleService } from './modules/people/people.service';
import { systemRoutes } from './modules/system/system.routes';
import { SystemService } from './modules/system/system.service';
import { type Clock, systemClock } from './modules/system/time';

export type AppConfig = Pick<
  Config,
  | 'demo'
  | 'trustProxy'
  | 'webDist'
  | 'accessTokenTtlSeconds'
  | 'sessionMaxAgeSeconds'
  | 'heartbeatMs'
  | 'logLevel'
>;

export interface AppDeps {
  db: Db;
  bus: EventBus;
  config: AppConfig;
  clock?: Clock;
}

async function signingKey(db: Db): Promise<string> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'jwt_signing_key')
    .executeTakeFirst();
  if (!row) throw new Error('The database has no signing key: were the migrations applied?');
  return row.value;
}

/** Assembles the HTTP app from its parts; starting and stopping it is the caller's business. */
export async function buildApp({ db, bus, config, clock = systemClock }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const signer = new TokenSigner(await signingKey(db), config.accessTokenTtlSeconds);
  const auth = new AuthService({ db, bus, signer, sessionMaxAgeSeconds: config.sessionMaxAgeSeconds });
  const people = new PeopleService(db, auth);
  const attendance = new AttendanceService(db, bus, clock);
  const attendanceAdmin = new AttendanceAdminService(db, bus, attendance);
  const dashboard = new DashboardService(db, attendance);
  const leave = {
    applications: new LeaveApplicationsService({ db, bus, clock }),
    decisions: new LeaveDecisionsService({ db, bus, clock }),
    policies: new LeavePoliciesService({ db, bus, clock }),
  };

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerAuthentication(app, auth);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(systemRoutes(new SystemService(db, config.demo)));
      await api.register(authRoutes(auth, config));
      await api.register(peopleRoutes(people));
      await api.register(attendanceRoutes(attendance, attendanceAdmin));
      await api.register(dashboardRoutes(dashboard));
      await api.register(leaveRoutes(leave));
    },
    { prefix: '/api' },
  );
  registerLiveSocket(app, { auth, bus, heartbeatMs: config.heartbeatMs });
  await registerSpa(app, config.webDist);
  return app;
}
