import type { AtriumModule, ModuleContext } from '../../core/module';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { SessionCache } from '../auth/session-cache';
import { delegationsRoutes } from './delegations.routes';
import { DelegationsService } from './delegations.service';
import { departmentsRoutes } from './departments.routes';
import { DepartmentsService } from './departments.service';
import { holidaysRoutes } from './holidays.routes';
import { HolidaysService } from './holidays.service';
import { organisationRoutes } from './organisation.routes';
import { OrganisationService } from './organisation.service';

/** The organisation: its settings, public holidays, departments and their work schedules. */
export function createOrganisationModule(
  ctx: ModuleContext,
  sessions: SessionCache,
  teamsChanged: TransactionHooks<TeamsChanged>,
) {
  const organisation = new OrganisationService(ctx.db, ctx.bus, ctx.clock);
  const holidays = new HolidaysService(ctx.db);
  const departments = new DepartmentsService(ctx.db, ctx.clock, ctx.bus, sessions, teamsChanged);
  const module: AtriumModule = {
    name: 'organisation',
    async routes(api) {
      await api.register(organisationRoutes(organisation));
      await api.register(holidaysRoutes(holidays));
      await api.register(departmentsRoutes(departments));
      await api.register(delegationsRoutes(new DelegationsService(ctx.db, ctx.clock, ctx.bus, sessions)));
    },
  };
  return { module, holidaysChanged: holidays.holidaysChanged };
}
