import {
  DepartmentsResponse,
  MeResponse,
  UpdateUserRequest,
  UserIdParams,
  UsersResponse,
} from '@atrium/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate';
import type { PeopleService } from './people.service';

export function peopleRoutes(people: PeopleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/departments',
      { schema: { response: { 200: DepartmentsResponse } } },
      async (request) => ({
        departments: await people.departments(actorOf(request)),
      }),
    );

    app.get('/users', { schema: { response: { 200: UsersResponse } } }, async (request) => ({
      users: await people.people(actorOf(request)),
    }));

    app.patch(
      '/users/:id',
      { schema: { params: UserIdParams, body: UpdateUserRequest, response: { 200: MeResponse } } },
      async (request) => ({
        user: await people.setActive(actorOf(request), request.params.id, request.body.active),
      }),
    );
  };
}
