import type { AtriumModule, ModuleContext } from '../../core/module';
import { readServerSecret } from '../../core/settings.repository';
import type { Db } from '../../db/connection';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { PreferencesService } from './preferences.service';
import { SessionCache } from './session-cache';
import { TokenSigner } from './tokens';

export interface AuthOptions {
  accessTokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  /** Whether people sign in with passwords (single sign-on's settings say). */
  passwordLogin?: () => Promise<boolean>;
}

export async function signingKey(db: Db): Promise<string> {
  const key = await readServerSecret(db, 'jwt_signing_key');
  if (!key) throw new Error('The database has no signing key: were the migrations applied?');
  return key;
}

/** Sign-in, sessions and the caller's own account. */
export async function createAuthModule(ctx: ModuleContext, options: AuthOptions) {
  const { db, bus, clock } = ctx;
  const signer = new TokenSigner(await signingKey(db), options.accessTokenTtlSeconds, clock.now);
  // Sessions checked once stay cached in this process: bounded, and distrusted after 30 s even if no
  // event came (a role changed by hand in the database, an event still on its way).
  const sessions = new SessionCache(bus, { maxEntries: 20_000, ttlMs: 30_000 });
  const auth = new AuthService({
    db,
    bus,
    signer,
    clock,
    sessionMaxAgeSeconds: options.sessionMaxAgeSeconds,
    sessions,
    passwordLogin: options.passwordLogin,
  });
  const account = new AccountService(db, bus, clock, sessions);
  const module: AtriumModule = {
    name: 'auth',
    async routes(api) {
      await api.register(authRoutes(auth, options));
      await api.register(accountRoutes(account, new PreferencesService(db)));
    },
    follow: () => auth.follow(),
  };
  return { module, auth, sessions };
}
