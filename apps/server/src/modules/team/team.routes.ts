import { teamApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { TeamService } from './team.service';

export function teamRoutes(team: TeamService): FastifyPluginAsync {
  return async (app) => {
    route(app, teamApi.today, async (request) => team.today(actorOf(request), request.query));
    route(app, teamApi.calendar, async (request) =>
      team.calendar(actorOf(request), request.params.year, request.params.month),
    );
  };
}
