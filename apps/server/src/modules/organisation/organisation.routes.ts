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
    route(app, organisationApi.holidays, async (request) => ({
      holidays: await organisation.holidays(actorOf(request), request.query.year),
    }));
    route(app, organisationApi.createHoliday, async (request) => ({
      holiday: await organisation.createHoliday(actorOf(request), request.body),
    }));
    route(app, organisationApi.updateHoliday, async (request) => ({
      holiday: await organisation.updateHoliday(actorOf(request), request.params.id, request.body),
    }));
    route(app, organisationApi.deleteHoliday, async (request) => {
      await organisation.deleteHoliday(actorOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, organisationApi.copyHolidays, async (request) =>
      organisation.copyHolidays(actorOf(request), request.body),
    );
  };
}
