import { Readable } from 'node:stream';
import { reportsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { jsonInBatches } from '../../http/json-batches';
import { route } from '../../http/route';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reports: ReportsService): FastifyPluginAsync {
  return async (app) => {
    route(app, reportsApi.report, async (request, reply) => {
      const report = await reports.report(
        actorOf(request),
        request.params.type,
        request.query,
        clientGone(reply),
      );
      // Thousands of rows: written a batch at a time, so other requests are answered meanwhile.
      return reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(jsonInBatches({ report }, report.rows)));
    });

    route(app, reportsApi.export, async (request, reply) => {
      const { format, ...range } = request.query;
      const report = await reports.report(actorOf(request), request.params.type, range, clientGone(reply));
      const organisation = await reports.organisationName();
      // pdfkit and exceljs load on the first export, not with every start of the server.
      const file =
        format === 'pdf'
          ? (await import('./report-pdf')).reportPdf(report, organisation)
          : (await import('./report-xlsx')).reportXlsx(report, organisation);
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
