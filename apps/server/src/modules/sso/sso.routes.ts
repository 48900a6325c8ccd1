import { ssoApi } from '@atrium/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import { setRefreshCookie } from '../auth/auth.routes';
import { SignInRefused } from './oidc-flow';
import type { SsoService } from './sso.service';
import { CALLBACK_PATH, type SsoSettingsStore } from './sso-settings';

/** Holds PKCE, state and nonce between the start and the callback. */
const PENDING_COOKIE = 'atrium_oidc';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Refusals go back to the login page, which says why; nothing else is learnt from the URL. */
const toLogin = (reply: FastifyReply, error: unknown, log: (e: unknown) => void) => {
  if (!(error instanceof SignInRefused)) log(error);
  const code = error instanceof SignInRefused ? error.code : 'failed';
  return reply.redirect(`/login?sso_error=${encodeURIComponent(code)}`, 302);
};

export function ssoRoutes(
  sso: SsoService,
  settings: SsoSettingsStore,
  opts: { sessionMaxAgeSeconds: number },
): FastifyPluginAsync {
  return async (app) => {
    // The provider posts its logout token as a form (OpenID Connect Back-Channel Logout 1.0).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    route(app, ssoApi.ssoStart, async (request, reply) => {
      try {
        const { url, cookie } = await sso.start(origin(request), request.query.return_to);
        // Lax, not Strict: it must come back with the provider's top-level redirect.
        reply.setCookie(PENDING_COOKIE, cookie, {
          path: CALLBACK_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: 'auto',
          maxAge: 600,
        });
        return reply.redirect(url, 302);
      } catch (error) {
        return toLogin(reply, error, (e) => request.log.error(e));
      }
    });

    route(app, ssoApi.ssoCallback, async (request, reply) => {
      reply.clearCookie(PENDING_COOKIE, { path: CALLBACK_PATH });
      try {
        const { signedIn, returnTo } = await sso.callback(
          origin(request),
          request.query,
          request.cookies[PENDING_COOKIE],
          { ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        setRefreshCookie(reply, signedIn.refreshToken, opts.sessionMaxAgeSeconds);
        // The login page takes the session up (the app keeps its token in the page, not a cookie).
        return reply.redirect(`/login?sso=done&to=${encodeURIComponent(returnTo)}`, 302);
      } catch (error) {
        return toLogin(reply, error, (e) => request.log.error(e));
      }
    });

    route(app, ssoApi.ssoBackchannelLogout, async (request, reply) => {
      try {
        await sso.backchannelLogout(request.body.logout_token, request.ip);
        return reply.header('cache-control', 'no-store').status(200).send();
      } catch (error) {
        if (!(error instanceof SignInRefused) && !(error as { code?: string }).code?.startsWith('ERR_J'))
          request.log.error(error);
        // A 400, as the specification says; in Atrium's envelope, naming the field.
        const message = 'The logout token was refused: it must be a logout token the provider signed';
        throw new AppError('validation_failed', message, [{ field: 'logout_token', rule: 'valid', message }]);
      }
    });

    route(app, ssoApi.ssoLogoutUrl, async (request) => ({
      url: await sso.logoutUrl(actorOf(request), origin(request)),
    }));

    route(app, ssoApi.ssoSettings, async (request) => ({
      settings: await settings.view(actorOf(request), origin(request)),
    }));
    route(app, ssoApi.updateSsoSettings, async (request) => ({
      settings: await settings.update(actorOf(request), request.body, origin(request)),
    }));
  };
}
