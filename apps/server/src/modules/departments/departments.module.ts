import type { AtriumModule, ModuleContext } from '../../core/module';
import { departmentsRoutes } from './departments.routes';
import { DepartmentsService } from './departments.service';

/** Departments and their managers. */
export function createDepartmentsModule(ctx: ModuleContext): AtriumModule {
  const departments = new DepartmentsService(ctx.db, ctx.clock);
  return { name: 'departments', routes: (api) => api.register(departmentsRoutes(departments)) };
}
