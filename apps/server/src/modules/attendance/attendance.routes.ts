import {
  AttendanceIdParams,
  AttendanceListQuery,
  AttendanceListResponse,
  AttendanceOverviewResponse,
  AttendanceRecordResponse,
  AttendanceStatsQuery,
  AttendanceStatsResponse,
  BulkMarkRequest,
  BulkMarkResponse,
  CorrectAttendanceRequest,
  DeleteAttendanceRequest,
  ExportAttendanceRequest,
  MyStatusResponse,
  OkResponse,
  OverviewQuery,
} from '@atrium/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate';
import type { AttendanceService } from './attendance.service';
import type { AttendanceAdminService } from './attendance-admin.service';

export function attendanceRoutes(
  attendance: AttendanceService,
  admin: AttendanceAdminService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/attendance/check-in',
      { schema: { response: { 200: MyStatusResponse } } },
      async (request) => ({
        status: await attendance.checkIn(actorOf(request)),
      }),
    );

    app.post(
      '/attendance/check-out',
      { schema: { response: { 200: MyStatusResponse } } },
      async (request) => ({
        status: await attendance.checkOut(actorOf(request)),
      }),
    );

    app.get(
      '/attendance/my-status',
      { schema: { response: { 200: MyStatusResponse } } },
      async (request) => ({
        status: await attendance.myStatus(actorOf(request)),
      }),
    );

    app.get(
      '/attendance/stats',
      { schema: { querystring: AttendanceStatsQuery, response: { 200: AttendanceStatsResponse } } },
      async (request) => ({ stats: await attendance.stats(actorOf(request), request.query.month) }),
    );

    app.get(
      '/attendance',
      { schema: { querystring: AttendanceListQuery, response: { 200: AttendanceListResponse } } },
      async (request) => admin.list(actorOf(request), request.query),
    );

    app.get(
      '/attendance/overview',
      { schema: { querystring: OverviewQuery, response: { 200: AttendanceOverviewResponse } } },
      async (request) => ({ overview: await admin.overview(actorOf(request), request.query.date) }),
    );

    for (const action of ['present', 'absent'] as const) {
      app.post(
        `/attendance/bulk-mark-${action}`,
        { schema: { body: BulkMarkRequest, response: { 200: BulkMarkResponse } } },
        async (request) => ({ bulk: await admin.bulkMark(actorOf(request), action, request.body) }),
      );
    }

    app.patch(
      '/attendance/:id',
      {
        schema: {
          params: AttendanceIdParams,
          body: CorrectAttendanceRequest,
          response: { 200: AttendanceRecordResponse },
        },
      },
      async (request) => ({
        record: await admin.correct(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/attendance/:id',
      {
        schema: { params: AttendanceIdParams, body: DeleteAttendanceRequest, response: { 200: OkResponse } },
      },
      async (request) => {
        await admin.remove(actorOf(request), request.params.id, request.body.reason);
        return { ok: true as const };
      },
    );

    app.post('/attendance/export', { schema: { body: ExportAttendanceRequest } }, async (request, reply) => {
      const file = await admin.exportCsv(actorOf(request), request.body);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.csv);
    });
  };
}
