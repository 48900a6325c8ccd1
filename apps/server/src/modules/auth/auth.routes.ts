import { LoginRequest, LoginResponse, MeResponse, OkResponse, RefreshResponse } from '@atrium/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate';
import type { AuthService, Client } from './auth.service';

export const REFRESH_COOKIE = 'atrium_refresh';

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authRoutes(auth: AuthService, opts: { sessionMaxAgeSeconds: number }): FastifyPluginAsyncZod {
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
      maxAge: opts.sessionMaxAgeSeconds,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
    });

  return async (app) => {
    app.post(
      '/auth/login',
      { config: { public: true }, schema: { body: LoginRequest, response: { 200: LoginResponse } } },
      async (request, reply) => {
        const result = await auth.login(request.body.email, request.body.password, clientOf(request));
        setRefreshCookie(reply, result.refreshToken);
        return { token: result.token, user: result.user };
      },
    );

    app.get('/auth/me', { schema: { response: { 200: MeResponse } } }, async (request) => ({
      user: await auth.me(actorOf(request)),
    }));

    app.post('/auth/logout', { schema: { response: { 200: OkResponse } } }, async (request, reply) => {
      await auth.logout(actorOf(request));
      clearRefreshCookie(reply);
      return { ok: true as const };
    });

    app.post(
      '/auth/refresh',
      { config: { public: true }, schema: { response: { 200: RefreshResponse } } },
      async (request, reply) => {
        try {
          const result = await auth.refresh(request.cookies[REFRESH_COOKIE], clientOf(request));
          setRefreshCookie(reply, result.refreshToken);
          return { token: result.token };
        } catch (error) {
          clearRefreshCookie(reply);
          throw error;
        }
      },
    );
  };
}
