import { API_TOKEN_PREFIX } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Authenticator, TokenAuthenticator } from '../core/actor';
import { forbidden, unauthorized } from '../core/errors';
import { PolicyRefusal } from '../core/policies';

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

/**
 * Contract paths (relative to /api) an API token never reaches, whatever its scopes: signing in,
 * sessions and the caller's own account, tokens themselves, the organisation's settings (single
 * sign-on's among them) and webhooks. A token must not mint, widen or keep its own access.
 */
const CLOSED_TO_TOKENS = /^\/(auth|tokens|settings|webhooks)(\/|$)/;

export const closedToTokens = (contractPath: string) => CLOSED_TO_TOKENS.test(contractPath);

export function registerAuthentication(
  app: FastifyInstance,
  auth: Authenticator,
  tokens?: TokenAuthenticator,
): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    // Unknown /api paths answer 404, not 401, so the caller learns the path is wrong: they match
    // no route, or only the web app's catch-all (`/*`), whose not-found answer is the JSON 404.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = bearerToken(request);
    const apiToken = tokens !== undefined && token?.startsWith(API_TOKEN_PREFIX);
    const actor = !token
      ? undefined
      : apiToken
        ? await tokens.authenticate(token, request.ip)
        : await auth.authenticate(token, request.ip);
    if (!actor) {
      if (apiToken) throw unauthorized('This API token is not valid: it is unknown, expired or revoked');
      throw unauthorized(token ? 'Your session has expired. Please sign in again.' : 'Sign in to continue');
    }
    request.actor = actor;
    const contractPath = request.routeOptions.config.endpoint?.path;
    if (actor.token && (contractPath === undefined || closedToTokens(contractPath))) {
      await tokens?.refused(actor, { scope: null, method: request.method, path: request.url });
      throw forbidden('API tokens cannot use this endpoint');
    }
    // An endpoint the contract declares for administrators (or managers too) answers 403 to anyone
    // else before its input is even read: staff learn nothing from its validation errors. The
    // services check their policies again; this is the floor, not the whole rule.
    const audience = request.routeOptions.config.endpoint?.audience;
    if (audience === 'admin' && actor.role !== 'admin') throw forbidden();
    if (audience === 'manager' && actor.role === 'staff') throw forbidden();
  });

  // A token refused for want of a scope is audited: who (the token), which scope, which path.
  if (tokens) {
    app.addHook('onError', async (request, _reply, error) => {
      const actor = request.actor;
      if (!actor?.token || !(error instanceof PolicyRefusal) || !error.missingScope) return;
      await tokens.refused(actor, { scope: error.missingScope, method: request.method, path: request.url });
    });
  }
}
