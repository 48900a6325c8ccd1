import { attendanceApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { clientGone } from '../../http/client-gone';
import { sendCsv } from '../../http/csv-reply';
import { route } from '../../http/route';
import type { AttendanceService } from './attendance.service';
import type { AttendanceAdminService } from './attendance-admin.service';

export function attendanceRoutes(
  attendance: AttendanceService,
  admin: AttendanceAdminService,
): FastifyPluginAsync {
  return async (app) => {
    route(app, attendanceApi.checkIn, async (request) => ({
      status: await attendance.checkIn(actorOf(request)),
    }));

    route(app, attendanceApi.checkOut, async (request) => ({
      status: await attendance.checkOut(actorOf(request)),
    }));

    route(app, attendanceApi.myStatus, async (request) => ({
      status: await attendance.myStatus(actorOf(request)),
    }));

    route(app, attendanceApi.stats, async (request) => ({
      stats: await attendance.stats(actorOf(request), request.query.month),
    }));

    route(app, attendanceApi.list, async (request, reply) =>
      admin.list(actorOf(request), request.query, clientGone(reply)),
    );

    route(app, attendanceApi.overview, async (request) => ({
      overview: await admin.overview(actorOf(request), request.query.date, request.query.siteId),
    }));

    route(app, attendanceApi.bulkMarkPresent, async (request) => ({
      bulk: await admin.bulkMark(actorOf(request), 'present', request.body),
    }));

    route(app, attendanceApi.bulkMarkAbsent, async (request) => ({
      bulk: await admin.bulkMark(actorOf(request), 'absent', request.body),
    }));

    route(app, attendanceApi.correct, async (request) => ({
      record: await admin.correct(actorOf(request), request.params.id, request.body),
    }));

    route(app, attendanceApi.remove, async (request) => {
      await admin.remove(actorOf(request), request.params.id, request.body.reason);
      return { ok: true };
    });

    route(app, attendanceApi.exportCsv, async (request, reply) => {
      const file = await admin.exportCsv(actorOf(request), request.body, clientGone(reply));
      return sendCsv(reply, file.filename, file.lines);
    });
  };
}
