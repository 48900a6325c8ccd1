import type { AtriumModule, ModuleContext } from '../../core/module';
import { teamRoutes } from './team.routes';
import { TeamService } from './team.service';

/** My Team: a manager's view of their people (issue 31). */
export function createTeamModule(ctx: ModuleContext) {
  const team = new TeamService(ctx.db, ctx.clock);
  const module: AtriumModule = { name: 'team', routes: (api) => api.register(teamRoutes(team)) };
  return { module };
}
