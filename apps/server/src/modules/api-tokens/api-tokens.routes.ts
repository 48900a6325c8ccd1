import { apiTokensApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { ApiTokensService } from './api-tokens.service';

export function apiTokensRoutes(tokens: ApiTokensService): FastifyPluginAsync {
  return async (app) => {
    route(app, apiTokensApi.list, async (request) => tokens.list(actorOf(request), request.query));
    route(app, apiTokensApi.create, async (request) => tokens.create(actorOf(request), request.body));
    route(app, apiTokensApi.revoke, async (request) => tokens.revoke(actorOf(request), request.params.id));
  };
}
