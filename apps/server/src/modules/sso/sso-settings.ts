import type { SsoRole, SsoSettings, UpdateSsoSettingsRequest } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError } from '../../core/errors';
import { authorize } from '../../core/policies';
import type { Database } from '../../db/schema';
import type { DeviceCredentials } from '../../devices/hikvision/credentials';
import { readSsoSettings, writeSsoSettings } from './sso-settings.repository';

/** The settings as kept: the client secret encrypted with the server's secrets key. */
export interface StoredSso {
  enabled: boolean;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string | null;
  allowed_domains: string[];
  group_claim: string;
  group_roles: { group: string; role: SsoRole }[];
  link_by_email: boolean;
  password_login: boolean;
}

/** What a sign-in needs, the secret in clear. */
export interface ActiveSso extends StoredSso {
  client_secret: string;
}

/** Settings the server's environment (or the demo's own provider) fixes. */
export type FixedSso = ActiveSso;

const DEFAULTS: StoredSso = {
  enabled: false,
  display_name: 'your organisation',
  issuer: '',
  client_id: '',
  client_secret_encrypted: null,
  allowed_domains: [],
  group_claim: 'groups',
  group_roles: [],
  link_by_email: false,
  password_login: true,
};

export const CALLBACK_PATH = '/api/auth/oidc/callback';
export const BACKCHANNEL_PATH = '/api/auth/oidc/backchannel-logout';

/**
 * Single sign-on's settings: set by the server's environment (OIDC_ISSUER and the rest, then
 * read-only here) or by an administrator in Organisation > Settings (audited). Read at each use,
 * so every process follows a change at once.
 */
export class SsoSettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** Encrypts the client secret at rest; without it, no secret can be stored here. */
    private readonly cipher: DeviceCredentials | undefined,
    /** From the environment (or the demo's provider), when it configures single sign-on. */
    private readonly fixed: () => FixedSso | undefined,
    private readonly publicUrl: string | undefined,
  ) {}

  private get fromEnv(): FixedSso | undefined {
    return this.fixed();
  }

  async stored(): Promise<StoredSso> {
    if (this.fromEnv) return this.fromEnv;
    return { ...DEFAULTS, ...((await readSsoSettings(this.db)) as Partial<StoredSso> | undefined) };
  }

  /** The settings when single sign-on is on and complete; undefined otherwise. */
  async active(): Promise<ActiveSso | undefined> {
    const fixed = this.fromEnv;
    if (fixed) return fixed.enabled ? fixed : undefined;
    const s = await this.stored();
    if (!s.enabled || !s.issuer || !s.client_id || !s.client_secret_encrypted || !this.cipher)
      return undefined;
    return { ...s, client_secret: this.cipher.decrypt(s.client_secret_encrypted) };
  }

  /** For the login page: the button, and whether passwords are taken. */
  async signInOptions(): Promise<{ sso: { name: string } | null; passwordLogin: boolean }> {
    const active = await this.active().catch(() => undefined);
    return {
      sso: active ? { name: active.display_name } : null,
      passwordLogin: !active || active.password_login,
    };
  }

  /** The origin providers send people back to: PUBLIC_URL, else the administrator's. */
  origin(requestOrigin: string): string {
    return (this.publicUrl ?? requestOrigin).replace(/\/$/, '');
  }

  async view(actor: Actor, requestOrigin: string): Promise<SsoSettings> {
    authorize(actor, 'organisation.manage');
    return this.toView(await this.stored(), requestOrigin);
  }

  async update(actor: Actor, body: UpdateSsoSettingsRequest, requestOrigin: string): Promise<SsoSettings> {
    authorize(actor, 'organisation.manage');
    if (this.fromEnv)
      throw new AppError(
        'conflict',
        'Single sign-on is set by the server environment (OIDC_*): change it there',
      );
    const before = await this.stored();
    const { client_secret, ...rest } = body;
    if (client_secret !== undefined && !this.cipher)
      throw new AppError('conflict', 'The server has no key to store secrets with (DEVICE_CREDENTIALS_KEY)');
    const next: StoredSso = {
      ...before,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      ...(client_secret !== undefined
        ? { client_secret_encrypted: this.cipher!.encrypt(client_secret) }
        : {}),
    };
    const missing = next.enabled
      ? ((['issuer', 'client_id'] as const).find((f) => !next[f]) ??
        (next.client_secret_encrypted ? undefined : 'client_secret'))
      : undefined;
    if (missing) {
      const message = `${missing} is needed to turn single sign-on on`;
      throw new AppError('validation_failed', message, [{ field: missing, rule: 'required', message }]);
    }
    await this.db.transaction().execute(async (trx) => {
      await writeSsoSettings(trx, next);
      const { client_secret_encrypted: _secret, ...shown } = next;
      await recordAudit(trx, {
        actorUserId: actor.userId,
        ip: actor.ip,
        action: 'settings.sso_changed',
        targetType: 'settings',
        targetId: 'sso',
        details: { ...shown, secret_changed: client_secret !== undefined },
      });
    });
    return this.toView(next, requestOrigin);
  }

  private toView(s: StoredSso, requestOrigin: string): SsoSettings {
    const origin = this.origin(requestOrigin);
    return {
      enabled: s.enabled,
      display_name: s.display_name,
      issuer: s.issuer,
      client_id: s.client_id,
      has_client_secret: this.fromEnv ? true : s.client_secret_encrypted !== null,
      allowed_domains: s.allowed_domains,
      group_claim: s.group_claim,
      group_roles: s.group_roles,
      link_by_email: s.link_by_email,
      password_login: s.password_login,
      from_environment: this.fromEnv !== undefined,
      redirect_uri: `${origin}${CALLBACK_PATH}`,
      backchannel_logout_uri: `${origin}${BACKCHANNEL_PATH}`,
    };
  }
}

/** OIDC_* environment variables as settings; undefined when OIDC_ISSUER is unset. */
export function ssoFromEnv(env: NodeJS.ProcessEnv): FixedSso | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  return {
    enabled: true,
    display_name: env.OIDC_NAME?.trim() || 'your organisation',
    issuer,
    client_id: env.OIDC_CLIENT_ID?.trim() ?? '',
    client_secret_encrypted: null,
    client_secret: env.OIDC_CLIENT_SECRET ?? '',
    allowed_domains: list(env.OIDC_ALLOWED_DOMAINS).map((d) => d.toLowerCase()),
    group_claim: env.OIDC_GROUP_CLAIM?.trim() || 'groups',
    group_roles: list(env.OIDC_GROUP_ROLES).flatMap((pair) => {
      const [group, role] = pair.split('=').map((x) => x.trim());
      return group && (role === 'admin' || role === 'manager' || role === 'staff') ? [{ group, role }] : [];
    }),
    link_by_email: env.OIDC_LINK_BY_EMAIL === 'true',
    password_login: env.OIDC_PASSWORD_LOGIN !== 'false',
  };
}
