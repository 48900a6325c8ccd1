import type { AtriumModule, ModuleContext } from '../../core/module';
import { personRoutes } from './person.routes';
import { PersonPageService } from './person-page.service';

/** The person page: reads people, attendance, leave and access, so it sits above them all. */
export function createPersonModule(ctx: ModuleContext): AtriumModule {
  return {
    name: 'person',
    routes: (api) => api.register(personRoutes(new PersonPageService(ctx.db, ctx.clock))),
  };
}
