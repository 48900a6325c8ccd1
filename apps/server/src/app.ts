import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type Config, DEFAULT_EVENT_LOG_RETENTION_HOURS, DEFAULT_SLOW_REQUEST_MS } from './config';
import { OrgClock } from './core/clock';
import { barrierWanted, inBarrierScope } from './core/events/barrier';
import type { EventBus } from './core/events/bus';
import { Changes } from './core/events/changes';
import type { AtriumModule, ModuleContext, ReportsDb, Stop } from './core/module';
import type { TeamsChanged } from './core/teams-changed';
import { TransactionHooks } from './core/transaction-hooks';
import type { Db } from './db/connection';
import { DeviceCredentials } from './devices/hikvision/credentials';
import { registerApiDocs } from './http/api-docs';
import { registerAuthentication } from './http/authenticate';
import { errorEnvelopeOptions, registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { acceptEmptyJson, validatorCompiler } from './http/optional-body';
import { logSerializers, RequestLog } from './http/request-log';
import { trackRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { registerStorableTextCheck } from './http/storable-text';
import { registerLiveSocket } from './live/socket';
import { type AccessOptions, createAccessModule } from './modules/access/access.module';
import { createApiTokensModule } from './modules/api-tokens/api-tokens.module';
import { createAttendanceModule } from './modules/attendance/attendance.module';
import { createAuthModule, signingKey } from './modules/auth/auth.module';
import { PublishedDemoLogins } from './modules/auth/published-logins';
import { createCountingModule } from './modules/counting/counting.module';
import { createDashboardModule } from './modules/dashboard/dashboard.module';
import { createLeaveModule } from './modules/leave/leave.module';
import { createMailModule } from './modules/mail/mail.module';
import { createOrganisationModule } from './modules/organisation/organisation.module';
import { createPayrollModule } from './modules/payroll/payroll.module';
import { createPeopleModule } from './modules/people/people.module';
import { createPersonModule } from './modules/person/person.module';
import { createReportsModule } from './modules/reports/reports.module';
import { createSitesModule } from './modules/sites/sites.module';
import { createSsoModule } from './modules/sso/sso.module';
import { type FixedSso, SsoSettingsStore } from './modules/sso/sso-settings';
import { createSystemModule } from './modules/system/system.module';
import { createTeamModule } from './modules/team/team.module';
import { createVideoModule, type VideoOptions } from './modules/video/video.module';
import { createWebhooksModule } from './modules/webhooks/webhooks.module';

export type AppConfig = Pick<
  Config,
  | 'demo'
  | 'trustProxy'
  | 'webDist'
  | 'accessTokenTtlSeconds'
  | 'sessionMaxAgeSeconds'
  | 'heartbeatMs'
  | 'logLevel'
> &
  Partial<Pick<Config, 'eventLogRetentionHours' | 'slowRequestMs' | 'publicUrl' | 'smtpUrl' | 'mailFrom'>> & {
    /** How long a live socket may stay open without joining (5 s unless given; tests shorten it). */
    liveAuthTimeoutMs?: number;
  };

export interface AppDeps {
  db: Db;
  /** Where reports and exports run (db/reports-pool.ts); its owner closes it after the app. */
  reports: ReportsDb;
  bus: EventBus;
  config: AppConfig;
  /** The organisation's clock; by default the system's time and the stored zone. */
  clock?: OrgClock;
  /** Where camera media live (DATA_DIR/video) and the running pipelines, when this process runs them. */
  video?: VideoOptions;
  /** Where device pictures are kept and the simulated controllers, when this process runs them. */
  access?: AccessOptions;
  /** Runs the modules' scheduled jobs (sweeps, rollovers, the device monitor): a serving process does. */
  runJobs?: boolean;
  /** Whether the process is stopping: the health check then answers 503 `draining`. Never, unless given. */
  draining?: () => boolean;
  /** Single sign-on fixed by the environment (OIDC_*) or the demo's provider: the settings screen only shows it. */
  ssoEnv?: () => FixedSso | undefined;
}

/** Assembles the HTTP app from its parts; starting and stopping it is the caller's business. */
export async function buildApp({
  db,
  reports,
  bus,
  config,
  clock = new OrgClock(db),
  video,
  access: accessOptions,
  runJobs = false,
  draining = () => false,
  ssoEnv,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: logSerializers },
    logController: new RequestLog(config.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    ...errorEnvelopeOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  acceptEmptyJson(app);
  app.setSerializerCompiler(serializerCompiler);
  trackRoutes(app);
  // A request that ends sessions or changes someone's standing is answered only once every
  // process has read that from the event log, so none accepts the old token after the answer.
  app.addHook('onRequest', (_request, _reply, done) => inBarrierScope(done));
  // Cached figures (the admin tiles) are read again after a change this process answers: its own
  // events reach it through the log a moment after the answer, and the next read may come first.
  const changes = new Changes(bus);
  // Hooks on every request take a callback rather than returning a promise: they are synchronous
  // but for the rare revocation, and a promise per hook per request is measurable on small reads.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') changes.changed();
    if (!barrierWanted() || reply.statusCode >= 400) return done(null, payload);
    void bus.everywhere().then((everywhere) => {
      if (!everywhere) app.log.warn('a revocation was answered before every process had read it');
      done(null, payload);
    }, done);
  });

  const ctx: ModuleContext = {
    db,
    reports,
    bus,
    changes,
    clock,
    onError: (task, error) => app.log.error({ err: error }, `${task} failed`),
  };
  // Each module is built from the ones below it (docs/architecture.md, "Layers").
  // Single sign-on's settings: the login page, password sign-in and the SSO module read them.
  const ssoSettings = new SsoSettingsStore(
    db,
    accessOptions?.credentialsKey ? new DeviceCredentials(accessOptions.credentialsKey) : undefined,
    ssoEnv ?? (() => undefined),
    config.publicUrl,
  );
  const auth = await createAuthModule(ctx, {
    ...config,
    passwordLogin: async () => (await ssoSettings.signInOptions()).passwordLogin,
  });
  // Leave re-routes waiting applications inside the transaction that changed who manages whom.
  const teamsChanged = new TransactionHooks<TeamsChanged>();
  const people = createPeopleModule(ctx, auth.sessions, teamsChanged, config.publicUrl);
  const organisation = createOrganisationModule(ctx, auth.sessions, teamsChanged);
  const access = await createAccessModule(ctx, { ...accessOptions, publicUrl: config.publicUrl });
  const apiTokens = createApiTokensModule(ctx);
  const dashboard = createDashboardModule(ctx, {
    liveSockets: () => app.websocketServer?.clients.size ?? 0,
  });
  const webhooks = createWebhooksModule(ctx, { credentialsKey: accessOptions?.credentialsKey });
  const modules: AtriumModule[] = [
    createSystemModule(ctx, {
      // The event log keeps what the webhooks' fan-out has not read yet.
      logHold: webhooks.logHold,
      signIn: () => ssoSettings.signInOptions(),
      demo: config.demo,
      demoLogins: new PublishedDemoLogins(db),
      draining,
      eventLogRetentionHours: config.eventLogRetentionHours ?? DEFAULT_EVENT_LOG_RETENTION_HOURS,
    }),
    auth.module,
    people.module,
    createPersonModule(ctx),
    createAttendanceModule(ctx),
    dashboard.module,
    createLeaveModule(ctx, {
      holidaysChanged: organisation.holidaysChanged,
      employmentChanged: people.employmentChanged,
      teamsChanged,
    }),
    access.module,
    createCountingModule(ctx, access.push),
    createReportsModule(ctx),
    createPayrollModule(ctx),
    createTeamModule(ctx).module,
    organisation.module,
    createSitesModule(ctx),
    createSsoModule(ctx, {
      auth: auth.auth,
      settings: ssoSettings,
      teamsChanged,
      signingKey: await signingKey(db),
      sessionMaxAgeSeconds: config.sessionMaxAgeSeconds,
    }),
    createMailModule(ctx, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }),
    webhooks,
    apiTokens.module,
    createVideoModule(
      ctx,
      {
        auth: auth.auth,
        signingKey: await signingKey(db),
        ingest: access.ingest,
        log: (message) => app.log.warn(message),
      },
      video,
    ),
  ];
  const stops: Stop[] = [changes.follow()];
  for (const module of modules) if (module.follow) stops.push(module.follow());
  if (runJobs) for (const module of modules) if (module.jobs) stops.push(module.jobs());
  app.addHook('onClose', async () => {
    for (const stop of stops.reverse()) await stop();
  });
  // Response Time on the Monitoring tab: every answered API request, timed in-process.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/api/')) dashboard.metrics.record(reply.elapsedTime);
    done();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerAuthentication(app, auth.auth, apiTokens.authenticator);
  registerStorableTextCheck(app);
  await registerOpenApi(app);
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      for (const module of modules) await module.routes?.(api);
    },
    { prefix: '/api' },
  );
  registerLiveSocket(app, {
    auth: auth.auth,
    bus,
    now: clock.now,
    heartbeatMs: config.heartbeatMs,
    authTimeoutMs: config.liveAuthTimeoutMs,
  });
  await registerSpa(app, config.webDist);
  return app;
}
