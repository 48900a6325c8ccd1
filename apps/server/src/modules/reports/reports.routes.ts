import { reportsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { route } from '../../http/route';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reports: ReportsService): FastifyPluginAsync {
  return async (app) => {
    route(app, reportsApi.report, async (request, reply) => {
      const body = await reports.open(
        actorOf(request),
        request.params.type,
        request.query,
        'json',
        clientGone(reply),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });

    route(app, reportsApi.export, async (request, reply) => {
      const { format, ...range } = request.query;
      const file = await reports.open(
        actorOf(request),
        request.params.type,
        range,
        format,
        clientGone(reply),
      );
      const name = `${request.params.type}-report-${range.startDate}-to-${range.endDate}.${format}`;
      return reply
        .type(
          format === 'pdf'
            ? 'application/pdf'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(file);
    });
  };
}
