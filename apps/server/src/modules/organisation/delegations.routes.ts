import { delegationApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { DelegationsService } from './delegations.service';

export function delegationsRoutes(delegations: DelegationsService): FastifyPluginAsync {
  return async (app) => {
    route(app, delegationApi.get, async (request) => delegations.get(actorOf(request)));
    route(app, delegationApi.set, async (request) => delegations.set(actorOf(request), request.body));
    route(app, delegationApi.end, async (request) => {
      await delegations.end(actorOf(request));
      return { ok: true as const };
    });
  };
}
