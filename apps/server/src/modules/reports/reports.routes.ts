import { reportsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { route } from '../../http/route';
import type { ReportsService } from './reports.service';

/** The payroll CSV starts with a byte order mark (written by the worker, payroll-files.ts). */
const FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

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
        .type(FILE_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(file);
    });
  };
}
