import { reportsApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { route } from '../../http/route';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reports: ReportsService): FastifyPluginAsync {
  return async (app) => {
    route(app, reportsApi.report, async (request, reply) => ({
      report: await reports.report(actorOf(request), request.params.type, request.query, clientGone(reply)),
    }));

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
