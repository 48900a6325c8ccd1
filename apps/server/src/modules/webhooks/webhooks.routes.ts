import { webhooksApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { WebhooksService } from './webhooks.service';

export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsync {
  return async (app) => {
    route(app, webhooksApi.list, async (request) => webhooks.list(actorOf(request)));
    route(app, webhooksApi.create, async (request) => webhooks.create(actorOf(request), request.body));
    route(app, webhooksApi.update, async (request) =>
      webhooks.update(actorOf(request), request.params.id, request.body),
    );
    route(app, webhooksApi.remove, async (request) => webhooks.remove(actorOf(request), request.params.id));
    route(app, webhooksApi.deliveries, async (request) =>
      webhooks.deliveries(actorOf(request), request.params.id, request.query),
    );
    route(app, webhooksApi.redeliver, async (request) =>
      webhooks.redeliver(actorOf(request), request.params.id, request.params.deliveryId),
    );
    route(app, webhooksApi.test, async (request) => webhooks.test(actorOf(request), request.params.id));
    route(app, webhooksApi.settings, async (request) => webhooks.settings(actorOf(request)));
    route(app, webhooksApi.updateSettings, async (request) =>
      webhooks.updateSettings(actorOf(request), request.body),
    );
  };
}
