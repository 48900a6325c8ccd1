import { accessLevelsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { AccessLevelsService } from './access-levels.service';

/** Access levels and grants (issue 32), for administrators. */
export function accessLevelsRoutes(levels: AccessLevelsService): FastifyPluginAsync {
  return async (app) => {
    route(app, accessLevelsApi.levels, async (request) => ({
      levels: await levels.levels(actorOf(request)),
    }));
    route(app, accessLevelsApi.createLevel, async (request) => ({
      level: await levels.createLevel(actorOf(request), request.body),
    }));
    route(app, accessLevelsApi.updateLevel, async (request) => ({
      level: await levels.updateLevel(actorOf(request), request.params.id, request.body),
    }));
    route(app, accessLevelsApi.deleteLevel, async (request) => {
      await levels.deleteLevel(actorOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, accessLevelsApi.grants, async (request) => levels.grants(actorOf(request), request.query));
    route(app, accessLevelsApi.createGrant, async (request) => ({
      grant: await levels.createGrant(actorOf(request), request.body),
    }));
    route(app, accessLevelsApi.updateGrant, async (request) => ({
      grant: await levels.updateGrant(actorOf(request), request.params.id, request.body),
    }));
    route(app, accessLevelsApi.deleteGrant, async (request) => {
      await levels.deleteGrant(actorOf(request), request.params.id);
      return { ok: true as const };
    });
  };
}
