import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import type { Database } from '../../db/schema';
import type { AuthService, Client, SignedIn } from '../auth/auth.service';
import { type OidcFlow, SignInRefused } from './oidc-flow';
import type { SsoAccounts } from './sso-accounts';
import { ssoOfSession, ssoSessions } from './sso-accounts.repository';
import { CALLBACK_PATH, type SsoSettingsStore } from './sso-settings';

/**
 * Single sign-on from the start redirect to Atrium's own session: once the provider's ID token is
 * checked and the person resolved, the session is opened as a password sign-in opens one, so
 * refresh, revocation and the live socket work unchanged.
 */
export class SsoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly settings: SsoSettingsStore,
    private readonly flow: OidcFlow,
    private readonly accounts: SsoAccounts,
    private readonly auth: AuthService,
  ) {}

  async start(requestOrigin: string, returnTo: string | undefined) {
    const s = await this.settings.active();
    if (!s) throw new SignInRefused('off', 'Single sign-on is not set up');
    return this.flow.start(s, this.redirectUri(requestOrigin), returnTo ?? '/');
  }

  /** The provider's answer, checked against the pending sign-in: a session, and where to go. */
  async callback(
    requestOrigin: string,
    query: Record<string, unknown>,
    cookie: string | undefined,
    client: Client,
  ): Promise<{ signedIn: SignedIn; returnTo: string }> {
    const s = await this.settings.active();
    if (!s) throw new SignInRefused('off', 'Single sign-on is not set up');
    const pending = await this.flow.pending(cookie);
    if (typeof query.error === 'string')
      throw new SignInRefused(
        'provider',
        `The identity provider said: ${String(query.error_description ?? query.error)}`,
      );
    // The state proves this browser started this sign-in (no session is fixed on it from outside).
    if (query.state !== pending.state)
      throw new SignInRefused('state', 'The sign-in could not be verified: start again');
    // The URL the provider sent the browser to, on the origin it was registered with.
    const url = new URL(this.redirectUri(requestOrigin));
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') url.searchParams.set(k, v);
    const identity = await this.flow.finish(s, url, pending);
    let userId: number;
    try {
      ({ userId } = await this.db
        .transaction()
        .execute((trx) => this.accounts.resolve(trx, s, identity, client.ip, this.clock.now())));
    } catch (error) {
      if (error instanceof SignInRefused)
        await recordAudit(this.db, {
          actorUserId: null,
          ip: client.ip,
          action: 'sso.login_refused',
          details: { issuer: identity.issuer, subject: identity.subject, reason: error.code },
        });
      throw error;
    }
    const signedIn = await this.auth.openSession(userId, client, {
      action: 'sso.login',
      sso: { issuer: identity.issuer, subject: identity.subject, sid: identity.sid },
    });
    return { signedIn, returnTo: pending.returnTo };
  }

  /** Where the provider signs out the person of this session, when single sign-on opened it. */
  async logoutUrl(actor: Actor, requestOrigin: string): Promise<string | null> {
    const s = await this.settings.active();
    const session = await ssoOfSession(this.db, actor.sessionId);
    if (!s || !session?.sso_issuer) return null;
    const url = await this.flow
      .endSessionUrl(s, `${this.settings.origin(requestOrigin)}/login`)
      .catch(() => undefined);
    return url ?? null;
  }

  /** The provider says someone signed out there: their sessions here end, their sockets close. */
  async backchannelLogout(logoutToken: string, ip: string): Promise<number> {
    const s = await this.settings.active();
    if (!s) throw new SignInRefused('off', 'Single sign-on is not set up');
    const who = await this.flow.logoutToken(s, logoutToken);
    const sessions = await ssoSessions(this.db, who.issuer, who.subject, who.sid);
    if (sessions.length) await this.auth.endSessions(sessions, 'sso_logout', null, ip);
    return sessions.length;
  }

  private redirectUri(requestOrigin: string) {
    return `${this.settings.origin(requestOrigin)}${CALLBACK_PATH}`;
  }
}
