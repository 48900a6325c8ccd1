import { PEOPLE_IMPORT_MAX_BYTES, peopleImportApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { sendCsv } from '../../http/csv-reply';
import { route } from '../../http/route';
import type { PeopleImportService } from './people-import.service';

export function peopleImportRoutes(service: PeopleImportService): FastifyPluginAsync {
  return async (app) => {
    // Scoped to this plugin: only the import reads CSV bodies, and a larger one answers 413.
    // As bytes: the import decodes them itself, to name the cells that are not UTF-8.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: PEOPLE_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );

    route(app, peopleImportApi.importPeople, async (request) =>
      service.importPeople(actorOf(request), (request.body as unknown) ?? null, request.query.dryRun === '1'),
    );

    route(app, peopleImportApi.importTemplate, async (request, reply) => {
      const file = await service.template(actorOf(request));
      return sendCsv(reply, 'people-template.csv', file);
    });

    route(app, peopleImportApi.exportPeople, async (request, reply) => {
      const file = await service.exportPeople(actorOf(request), request.query, clientGone(reply));
      return sendCsv(reply, file.filename, file.lines);
    });
  };
}
