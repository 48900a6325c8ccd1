import { departmentsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { DepartmentsService } from './departments.service';

export function departmentsRoutes(departments: DepartmentsService): FastifyPluginAsync {
  return async (app) => {
    route(app, departmentsApi.list, async (request) => ({
      departments: await departments.list(actorOf(request)),
    }));
    route(app, departmentsApi.create, async (request) => ({
      department: await departments.create(actorOf(request), request.body),
    }));
    route(app, departmentsApi.rename, async (request) => ({
      department: await departments.rename(actorOf(request), request.params.id, request.body),
    }));
    route(app, departmentsApi.setParent, async (request) => ({
      department: await departments.setParent(actorOf(request), request.params.id, request.body.parentId),
    }));
    route(app, departmentsApi.setManagers, async (request) =>
      departments.setManagers(actorOf(request), request.params.id, request.body.managerIds),
    );
    route(app, departmentsApi.remove, async (request) => {
      await departments.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, departmentsApi.schedules, async (request) => departments.schedules(actorOf(request)));
    route(app, departmentsApi.setSchedule, async (request) => ({
      schedule: await departments.setSchedule(actorOf(request), request.params.id, request.body),
    }));
  };
}
