import type { AtriumModule, ModuleContext } from '../../core/module';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { HolidaysChanged } from '../organisation/organisation.service';
import type { EmploymentChanged } from '../people/employment';
import { LeaveApplicationsService } from './applications.service';
import { LeaveDecisionsService } from './decisions.service';
import { recountLeaveOnHolidays } from './holiday-recount';
import { leaveRoutes } from './leave.routes';
import { reprorateEntitlements } from './ledger.repository';
import { LeavePoliciesService } from './policies.service';
import { scheduleLeaveYearRollover } from './rollover';

/** Leave: applications, decisions, policies, and what lower domains' changes mean for them. */
export function createLeaveModule(
  ctx: ModuleContext,
  lower: {
    holidaysChanged: TransactionHooks<HolidaysChanged>;
    employmentChanged: TransactionHooks<EmploymentChanged>;
  },
): AtriumModule {
  const { db, bus, clock } = ctx;
  lower.holidaysChanged.on(recountLeaveOnHolidays(bus, clock));
  // The share of the year's entitlement follows the days employed.
  lower.employmentChanged.on((trx, change) =>
    reprorateEntitlements(trx, change.userId, change.before, change.actorUserId, change.note),
  );
  const services = {
    applications: new LeaveApplicationsService({ db, bus, clock }),
    decisions: new LeaveDecisionsService({ db, bus, clock }),
    policies: new LeavePoliciesService({ db, bus, clock }),
  };
  return {
    name: 'leave',
    routes: (api) => api.register(leaveRoutes(services)),
    jobs: () => scheduleLeaveYearRollover(db, clock, (error) => ctx.onError('leave year rollover', error)),
  };
}
