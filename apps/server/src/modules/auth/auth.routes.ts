import { authApi } from '@atrium/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, bearerToken } from '../../http/authenticate';
import { route } from '../../http/route';
import type { AuthService, Client } from './auth.service';

export const REFRESH_COOKIE = 'atrium_refresh';

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The refresh cookie: only the auth endpoints ever see it, and never from another site. */
export const setRefreshCookie = (reply: FastifyReply, token: string, maxAgeSeconds: number) =>
  reply.setCookie(REFRESH_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: maxAgeSeconds,
  });

export function authRoutes(auth: AuthService, opts: { sessionMaxAgeSeconds: number }): FastifyPluginAsync {
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
    });

  return async (app) => {
    route(app, authApi.login, async (request, reply) => {
      const result = await auth.login(request.body.email, request.body.password, clientOf(request));
      setRefreshCookie(reply, result.refreshToken, opts.sessionMaxAgeSeconds);
      return { token: result.token, user: result.user };
    });

    route(app, authApi.me, async (request) => ({ user: await auth.me(actorOf(request)) }));

    route(app, authApi.logout, async (request, reply) => {
      await auth.logout(actorOf(request));
      clearRefreshCookie(reply);
      return { ok: true };
    });

    route(app, authApi.refresh, async (request, reply) => {
      try {
        const result = await auth.refresh(
          request.cookies[REFRESH_COOKIE],
          bearerToken(request),
          clientOf(request),
        );
        if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, opts.sessionMaxAgeSeconds);
        return { token: result.token };
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    });
  };
}
