import type { AtriumModule, ModuleContext } from '../../core/module';
import type { TeamsChanged } from '../../core/teams-changed';
import type { TransactionHooks } from '../../core/transaction-hooks';
import type { AuthService } from '../auth/auth.service';
import { OidcFlow } from './oidc-flow';
import { ssoRoutes } from './sso.routes';
import { SsoService } from './sso.service';
import { SsoAccounts } from './sso-accounts';
import type { SsoSettingsStore } from './sso-settings';

/**
 * Single sign-on (OpenID Connect): above people and organisation, since a first sign-in creates a
 * person and a group can make them a department's manager.
 */
export function createSsoModule(
  ctx: ModuleContext,
  o: {
    auth: AuthService;
    settings: SsoSettingsStore;
    teamsChanged: TransactionHooks<TeamsChanged>;
    signingKey: string;
    sessionMaxAgeSeconds: number;
  },
): AtriumModule {
  const flow = new OidcFlow(new TextEncoder().encode(`oidc-pending:${o.signingKey}`));
  const sso = new SsoService(
    ctx.db,
    ctx.clock,
    o.settings,
    flow,
    new SsoAccounts(ctx.bus, o.teamsChanged),
    o.auth,
  );
  return {
    name: 'sso',
    routes: (api) => api.register(ssoRoutes(sso, o.settings, o)),
  };
}
