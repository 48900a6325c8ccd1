import { organisationApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { HolidaysService } from './holidays.service';

export function holidaysRoutes(holidays: HolidaysService): FastifyPluginAsync {
  return async (app) => {
    route(app, organisationApi.holidays, async (request) => ({
      holidays: await holidays.holidays(
        actorOf(request),
        request.query.year,
        request.query.person ?? request.query.siteId,
      ),
    }));
    route(app, organisationApi.createHoliday, async (request) => ({
      holiday: await holidays.createHoliday(actorOf(request), request.body),
    }));
    route(app, organisationApi.updateHoliday, async (request) => ({
      holiday: await holidays.updateHoliday(actorOf(request), request.params.id, request.body),
    }));
    route(app, organisationApi.deleteHoliday, async (request) => {
      await holidays.deleteHoliday(actorOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, organisationApi.copyHolidays, async (request) =>
      holidays.copyHolidays(actorOf(request), request.body),
    );
  };
}
