import type { AtriumModule, ModuleContext } from '../../core/module';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { HolidaysChanged } from '../organisation/holidays.service';
import type { EmploymentChanged } from '../people/employment';
import { LeaveApplicationsService } from './applications.service';
import { LeaveDecisionsService } from './decisions.service';
import { recountLeaveOnHolidays } from './holiday-recount';
import { leaveRoutes } from './leave.routes';
import { reprorateEntitlements } from './ledger.repository';
import { LeavePoliciesService } from './policies.service';
import { scheduleLeaveYearRollover } from './rollover';
import { rerouteLeaveOnTeamsChanged, scheduleLeaveEscalation } from './routing';

/** Leave: applications, decisions, policies, and what lower domains' changes mean for them. */
export function createLeaveModule(
  ctx: ModuleContext,
  lower: {
    holidaysChanged: TransactionHooks<HolidaysChanged>;
    employmentChanged: TransactionHooks<EmploymentChanged>;
    teamsChanged: TransactionHooks<TeamsChanged>;
  },
): AtriumModule {
  const { db, bus, clock } = ctx;
  lower.holidaysChanged.on(recountLeaveOnHolidays(bus, clock));
  // The share of the year's entitlement follows the days employed.
  lower.employmentChanged.on((trx, change) =>
    reprorateEntitlements(trx, change.userId, change.before, change.actorUserId, change.note),
  );
  lower.teamsChanged.on(rerouteLeaveOnTeamsChanged(bus, clock));
  const services = {
    applications: new LeaveApplicationsService({ db, bus, clock }),
    decisions: new LeaveDecisionsService({ db, bus, clock }),
    policies: new LeavePoliciesService({ db, bus, clock }),
  };
  return {
    name: 'leave',
    routes: (api) => api.register(leaveRoutes(services)),
    jobs: () => {
      const stopRollover = scheduleLeaveYearRollover(db, clock, (error) =>
        ctx.onError('leave year rollover', error),
      );
      const stopEscalation = scheduleLeaveEscalation(db, bus, clock, (error) =>
        ctx.onError('leave escalation', error),
      );
      return () => {
        stopRollover();
        stopEscalation();
      };
    },
  };
}
