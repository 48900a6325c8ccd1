import { peopleApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { PeopleService } from './people.service';

export function peopleRoutes(people: PeopleService): FastifyPluginAsync {
  return async (app) => {
    route(app, peopleApi.departments, async (request) => ({
      departments: await people.departments(actorOf(request)),
    }));

    route(app, peopleApi.users, async (request) => people.people(actorOf(request), request.query));

    route(app, peopleApi.setActive, async (request) => ({
      user: await people.setActive(actorOf(request), request.params.id, request.body.active),
    }));

    route(app, peopleApi.setManager, async (request) =>
      people.setManager(actorOf(request), request.params.id, request.body.userId),
    );
  };
}
