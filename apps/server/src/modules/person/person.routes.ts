import { peopleApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { PersonPageService } from './person-page.service';

export function personRoutes(page: PersonPageService): FastifyPluginAsync {
  return async (app) => {
    route(app, peopleApi.person, async (request) => page.detail(actorOf(request), request.params.id));
  };
}
