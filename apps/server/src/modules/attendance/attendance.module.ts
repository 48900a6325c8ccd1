import type { AtriumModule, ModuleContext } from '../../core/module';
import { attendanceRoutes } from './attendance.routes';
import { AttendanceService } from './attendance.service';
import { AttendanceAdminService } from './attendance-admin.service';
import { correctionRequestRoutes } from './correction-requests.routes';
import { CorrectionRequestsService } from './correction-requests.service';
import { scheduleDepartmentDaysFold } from './department-days.fold';

/** Check-ins, the day lists, corrections and the attendance rollups' fold. */
export function createAttendanceModule(ctx: ModuleContext): AtriumModule {
  const { db, bus, clock } = ctx;
  const attendance = new AttendanceService(db, bus, clock, ctx.changes);
  const admin = new AttendanceAdminService(db, ctx.reports, bus, clock);
  const requests = new CorrectionRequestsService(db, bus, clock);
  return {
    name: 'attendance',
    async routes(api) {
      await api.register(attendanceRoutes(attendance, admin));
      await api.register(correctionRequestRoutes(requests));
    },
    jobs: () => scheduleDepartmentDaysFold(db, (error) => ctx.onError('attendance rollup fold', error)),
  };
}
