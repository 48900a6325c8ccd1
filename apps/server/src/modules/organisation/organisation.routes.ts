import { organisationApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { OrganisationService } from './organisation.service';

export function organisationRoutes(organisation: OrganisationService): FastifyPluginAsync {
  return async (app) => {
    route(app, organisationApi.settings, async (request) => ({
      settings: await organisation.settings(actorOf(request)),
    }));
    route(app, organisationApi.updateSettings, async (request) => ({
      settings: await organisation.updateSettings(actorOf(request), request.body),
    }));
  };
}
