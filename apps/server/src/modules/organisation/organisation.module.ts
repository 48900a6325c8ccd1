import type { AtriumModule, ModuleContext } from '../../core/module';
import { organisationRoutes } from './organisation.routes';
import { OrganisationService } from './organisation.service';

/** The organisation's settings and public holidays. */
export function createOrganisationModule(ctx: ModuleContext) {
  const organisation = new OrganisationService(ctx.db, ctx.bus, ctx.clock);
  const module: AtriumModule = {
    name: 'organisation',
    routes: (api) => api.register(organisationRoutes(organisation)),
  };
  return { module, holidaysChanged: organisation.holidaysChanged };
}
