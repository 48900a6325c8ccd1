import { mailApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { OutboxService } from './outbox.service';

export function mailRoutes(outbox: OutboxService): FastifyPluginAsync {
  return async (app) => {
    route(app, mailApi.outbox, async (request) => outbox.list(actorOf(request), request.query));
  };
}
