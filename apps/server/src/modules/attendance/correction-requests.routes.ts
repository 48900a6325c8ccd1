import { attendanceRequestsApi as api } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { CorrectionRequestsService } from './correction-requests.service';

/** /api/attendance/correction-requests: each route one service call, which authorises. */
export function correctionRequestRoutes(requests: CorrectionRequestsService): FastifyPluginAsync {
  return async (app) => {
    route(app, api.create, async (request) => ({
      request: await requests.create(actorOf(request), request.body),
    }));
    route(app, api.mine, async (request) => requests.mine(actorOf(request), request.query));
    route(app, api.cancel, async (request) => ({
      request: await requests.cancel(actorOf(request), request.params.id),
    }));
    route(app, api.list, async (request) => requests.list(actorOf(request), request.query));
    route(app, api.approve, async (request) => requests.approve(actorOf(request), request.params.id));
    route(app, api.reject, async (request) => ({
      request: await requests.reject(actorOf(request), request.params.id, request.body.reason),
    }));
  };
}
