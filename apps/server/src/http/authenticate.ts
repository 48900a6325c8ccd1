import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Authenticator } from '../core/actor';
import { forbidden, unauthorized } from '../core/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (login, refresh, health). Every other /api route needs one. */
    public?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** The acting person of an authenticated route; routes pass it as the first service argument. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function registerAuthentication(app: FastifyInstance, auth: Authenticator): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    // Unknown /api paths answer 404, not 401, so the caller learns the path is wrong: they match
    // no route, or only the web app's catch-all (`/*`), whose not-found answer is the JSON 404.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = bearerToken(request);
    const actor = token ? await auth.authenticate(token, request.ip) : undefined;
    if (!actor)
      throw unauthorized(token ? 'Your session has expired. Please sign in again.' : 'Sign in to continue');
    request.actor = actor;
    // An endpoint the contract declares for administrators (or managers too) answers 403 to anyone
    // else before its input is even read: staff learn nothing from its validation errors. The
    // services check their policies again; this is the floor, not the whole rule.
    const audience = request.routeOptions.config.endpoint?.audience;
    if (audience === 'admin' && actor.role !== 'admin') throw forbidden();
    if (audience === 'manager' && actor.role === 'staff') throw forbidden();
  });
}
