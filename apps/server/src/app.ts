import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { OrgClock } from './core/clock';
import type { EventBus } from './core/events/bus';
import { readServerSecret } from './core/settings.repository';
import type { Db } from './db/connection';
import { PublishedDemoLogins } from './demo/published-logins';
import { registerAuthentication } from './http/authenticate';
import { errorEnvelopeOptions, registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { trackRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { registerLiveSocket } from './live/socket';
import { type AccessOptions, createAccess } from './modules/access/access.module';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { AttendanceService } from './modules/attendance/attendance.service';
import { AttendanceAdminService } from './modules/attendance/attendance-admin.service';
import { correctionRequestRoutes } from './modules/attendance/correction-requests.routes';
import { CorrectionRequestsService } from './modules/attendance/correction-requests.service';
import { accountRoutes } from './modules/auth/account.routes';
import { AccountService } from './modules/auth/account.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { SessionCache } from './modules/auth/session-cache';
import { TokenSigner } from './modules/auth/tokens';
import { countingRoutes } from './modules/counting/counting.routes';
import { CountingService } from './modules/counting/counting.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { departmentsRoutes } from './modules/departments/departments.routes';
import { DepartmentsService } from './modules/departments/departments.service';
import { LeaveApplicationsService } from './modules/leave/applications.service';
import { LeaveDecisionsService } from './modules/leave/decisions.service';
import { leaveRoutes } from './modules/leave/leave.routes';
import { LeavePoliciesService } from './modules/leave/policies.service';
import { organisationRoutes } from './modules/organisation/organisation.routes';
import { OrganisationService } from './modules/organisation/organisation.service';
import { InvitationService } from './modules/people/invitations.service';
import { peopleRoutes } from './modules/people/people.routes';
import { PeopleService } from './modules/people/people.service';
import { peopleImportRoutes } from './modules/people/people-import.routes';
import { PeopleImportService } from './modules/people/people-import.service';
import { PersonService } from './modules/people/person.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { systemRoutes } from './modules/system/system.routes';
import { SystemService } from './modules/system/system.service';
import { AccessSnapshots } from './modules/video/access-snapshots';
import { cameraPushRoutes } from './modules/video/camera-push.routes';
import { CameraPushService } from './modules/video/camera-push.service';
import { videoRoutes } from './modules/video/video.routes';
import { type PipelineControl, VideoService } from './modules/video/video.service';
import { MediaTokens } from './video/media-token';

export type AppConfig = Pick<
  Config,
  | 'demo'
  | 'trustProxy'
  | 'webDist'
  | 'accessTokenTtlSeconds'
  | 'sessionMaxAgeSeconds'
  | 'heartbeatMs'
  | 'logLevel'
> & {
  /** How long a live socket may stay open without joining (5 s unless given; tests shorten it). */
  liveAuthTimeoutMs?: number;
};

export interface AppDeps {
  db: Db;
  bus: EventBus;
  config: AppConfig;
  /** The organisation's clock; by default the system's time and the stored zone. */
  clock?: OrgClock;
  /** Where camera media live (DATA_DIR/video) and the running pipelines, when this process runs them. */
  video?: { root: string; pipelines?: PipelineControl };
  /** Where device pictures are kept and the simulated controllers, when this process runs them. */
  access?: AccessOptions;
}

/** Where controllers, counters and cameras push (ISAPI): they push all day. */
const DEVICE_PUSH = /^\/api\/(devices|video)\/isapi\//;
const isDevicePush = (url: string | undefined) => DEVICE_PUSH.test(url ?? '');

async function signingKey(db: Db): Promise<string> {
  const key = await readServerSecret(db, 'jwt_signing_key');
  if (!key) throw new Error('The database has no signing key: were the migrations applied?');
  return key;
}

/** Assembles the HTTP app from its parts; starting and stopping it is the caller's business. */
export async function buildApp({
  db,
  bus,
  config,
  clock = new OrgClock(db),
  video,
  access: accessOptions,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Devices push all day: two log lines per push at the default info level drowned the log and
    // cost a fifth of a push's CPU; a route log level of warn still cost a tenth, as it rebuilt
    // every request's logger at that level. Failures are still logged by the error handler, and
    // unreadable pushes are kept (device_push_rejects) for diagnosis.
    logController: new LogController({
      disableRequestLogging: (request: { url?: string }) => isDevicePush(request.url),
    }),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    ...errorEnvelopeOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  trackRoutes(app);

  const secret = await signingKey(db);
  const signer = new TokenSigner(secret, config.accessTokenTtlSeconds, clock.now);
  const mediaTokens = new MediaTokens(secret);
  const cameraPush = new CameraPushService(db, bus, clock);
  cameraPush.start((error) => app.log.error({ err: error }, 'ending silent camera motion failed'));
  app.addHook('onClose', async () => cameraPush.stop());
  const videoService = new VideoService({
    db,
    tokens: mediaTokens,
    videoRoot: video?.root ?? path.join(os.tmpdir(), 'atrium-no-video'),
    pipelines: video?.pipelines,
    clock,
    onPushSecretRotated: () => cameraPush.forgetSecrets(),
  });
  // Sessions checked once stay cached in this process: bounded, and distrusted after 30 s even if no
  // event came (a lost NOTIFY, a role changed by hand in the database).
  const sessions = new SessionCache(bus, { maxEntries: 20_000, ttlMs: 30_000 });
  const auth = new AuthService({
    db,
    bus,
    signer,
    clock,
    sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
    sessions,
  });
  const stopFollowingSessions = auth.follow();
  app.addHook('onClose', async () => stopFollowingSessions());
  const people = new PeopleService(db, bus, clock, sessions);
  const attendance = new AttendanceService(db, bus, clock);
  const attendanceAdmin = new AttendanceAdminService(db, bus, clock);
  const dashboard = new DashboardService(db, clock, {
    liveSockets: () => app.websocketServer?.clients.size ?? 0,
  });
  // Response Time on the Monitoring tab: every answered API request, timed in-process.
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/')) dashboard.metrics.record(reply.elapsedTime);
  });
  app.addHook('onClose', async () => dashboard.metrics.stop());
  const access = await createAccess(db, bus, clock, accessOptions);
  const stopFollowingDevices = access.follow();
  app.addHook('onClose', async () => {
    stopFollowingDevices();
    await access.ingest.settled();
  });
  if (video) {
    const snapshots = new AccessSnapshots({
      db,
      videoRoot: video.root,
      log: (message) => app.log.warn(message),
    });
    const stopListening = access.ingest.onStored((events) => snapshots.take(events));
    app.addHook('onClose', async () => {
      stopListening();
      await snapshots.settled();
    });
  }
  const counting = new CountingService(db, bus, clock);
  access.push.handle('PeopleCounting', (device, alert) => counting.ingest(device, alert));
  const stopFollowingSettings = clock.follow(bus);
  app.addHook('onClose', async () => stopFollowingSettings());
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
      await api.register(
        systemRoutes(new SystemService(db, config.demo, new PublishedDemoLogins(db), clock)),
      );
      await api.register(authRoutes(auth, config));
      await api.register(accountRoutes(new AccountService(db, bus, clock, sessions)));
      await api.register(
        peopleRoutes(
          people,
          new PersonService(db, bus, clock, sessions),
          new InvitationService(db, bus, clock, sessions),
        ),
      );
      await api.register(peopleImportRoutes(new PeopleImportService(db, clock)));
      await api.register(attendanceRoutes(attendance, attendanceAdmin));
      await api.register(correctionRequestRoutes(new CorrectionRequestsService(db, bus, clock)));
      await api.register(dashboardRoutes(dashboard));
      await api.register(leaveRoutes(leave));
      await access.register(api);
      await api.register(countingRoutes(counting));
      await api.register(reportsRoutes(new ReportsService(db, clock)));
      await api.register(organisationRoutes(new OrganisationService(db, bus, clock)));
      await api.register(departmentsRoutes(new DepartmentsService(db, clock)));
      await api.register(videoRoutes(videoService, auth, mediaTokens));
      await api.register(cameraPushRoutes(cameraPush));
    },
    { prefix: '/api' },
  );
  registerLiveSocket(app, {
    auth,
    bus,
    now: clock.now,
    heartbeatMs: config.heartbeatMs,
    authTimeoutMs: config.liveAuthTimeoutMs,
  });
  await registerSpa(app, config.webDist);
  return app;
}
