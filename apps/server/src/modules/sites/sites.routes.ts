import { sitesApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { SitesService } from './sites.service';

export function sitesRoutes(sites: SitesService): FastifyPluginAsync {
  return async (app) => {
    route(app, sitesApi.list, async (request) => sites.list(actorOf(request)));
    route(app, sitesApi.create, async (request) => sites.create(actorOf(request), request.body));
    route(app, sitesApi.update, async (request) =>
      sites.update(actorOf(request), request.params.id, request.body),
    );
    route(app, sitesApi.remove, async (request) => sites.remove(actorOf(request), request.params.id));
  };
}
