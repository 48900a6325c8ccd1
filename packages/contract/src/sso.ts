import { z } from 'zod';
import { Text } from './common';
import { endpoint } from './endpoint';

/**
 * Single sign-on with the organisation's identity provider (OpenID Connect, issue 33): the code
 * flow with PKCE through the browser, a back-channel logout the provider calls, and the settings
 * an administrator keeps in Organisation > Settings (or the server's environment).
 */

export const SsoRole = z.enum(['admin', 'manager', 'staff']);
export type SsoRole = z.infer<typeof SsoRole>;

export const SsoGroupRole = z.object({
  group: Text(200).pipe(z.string().min(1, { error: 'is required' })),
  role: SsoRole,
});

export const SsoSettings = z.object({
  enabled: z.boolean(),
  /** What the login page's button says after "Sign in with". */
  display_name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  /** The secret is stored encrypted and never returned. */
  has_client_secret: z.boolean(),
  /** People whose verified email is in one of these domains may be created at first sign-in. */
  allowed_domains: z.array(z.string()),
  /** The ID token or userinfo claim that lists the person's groups. */
  group_claim: z.string(),
  /** Groups that make people admins, managers or staff, checked at every sign-in. */
  group_roles: z.array(SsoGroupRole),
  /** An existing account is linked by a verified email on its first sign-in. */
  link_by_email: z.boolean(),
  /** Off: only administrators sign in with a password (the break-glass way in). */
  password_login: z.boolean(),
  /** Set by the server's environment (OIDC_*): shown, not editable here. */
  from_environment: z.boolean(),
  /** Where the provider sends people back: register it with the provider. */
  redirect_uri: z.string(),
  /** Where the provider tells Atrium that someone signed out. */
  backchannel_logout_uri: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;
export const SsoSettingsResponse = z.object({ settings: SsoSettings });

const url = z
  .string({ error: 'must be text' })
  .max(500, { error: 'must be at most 500 characters' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), { error: 'must be an http(s) URL' });

export const UpdateSsoSettingsRequest = z.object({
  enabled: z.boolean().optional(),
  display_name: Text(60).optional(),
  issuer: url.optional(),
  client_id: Text(200).optional(),
  /** A new secret; leave out to keep the stored one. */
  client_secret: Text(500).optional(),
  allowed_domains: z
    .array(
      z
        .string({ error: 'must be text' })
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, { error: 'must be a domain such as example.com' }),
    )
    .max(50, { error: 'must list at most 50 domains' })
    .optional(),
  group_claim: Text(100).optional(),
  group_roles: z.array(SsoGroupRole).max(50, { error: 'must list at most 50 groups' }).optional(),
  link_by_email: z.boolean().optional(),
  password_login: z.boolean().optional(),
});
export type UpdateSsoSettingsRequest = z.input<typeof UpdateSsoSettingsRequest>;

/** Where to land after signing in: a path of the app, never another site. */
export const SsoStartQuery = z.object({
  return_to: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, { error: 'must be a path of this app' })
    .optional(),
});

/** What the provider sends back: a code and the state, or an error. */
export const SsoCallbackQuery = z
  .object({
    code: z.string().max(2000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .passthrough();

export const BackchannelLogoutRequest = z.object({
  logout_token: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(8000),
});

export const SsoLogoutUrlResponse = z.object({
  /** Where to send the browser so the provider signs the person out too; null for a password session. */
  url: z.string().nullable(),
});

export const ssoApi = {
  /** RP-initiated logout: asked before signing out, the provider's end-session URL for this session. */
  ssoLogoutUrl: endpoint({
    method: 'GET',
    path: '/auth/oidc/logout-url',
    audience: 'user',
    summary: "Where the identity provider signs the person out (this session's)",
    response: SsoLogoutUrlResponse,
  }),
  /** 302 to the identity provider, with a short-lived signed cookie holding PKCE, state and nonce. */
  ssoStart: endpoint({
    method: 'GET',
    path: '/auth/oidc/start',
    audience: 'public',
    summary: 'Start single sign-on (redirects to the identity provider)',
    query: SsoStartQuery,
    produces: 'file',
  }),
  /** The provider's answer: Atrium's own session, then 302 into the app (or to /login with why not). */
  ssoCallback: endpoint({
    method: 'GET',
    path: '/auth/oidc/callback',
    audience: 'public',
    summary: 'Finish single sign-on (redirects into the app)',
    query: SsoCallbackQuery,
    produces: 'file',
  }),
  /** OpenID Connect Back-Channel Logout 1.0: the provider ends the person's sessions here. */
  ssoBackchannelLogout: endpoint({
    method: 'POST',
    path: '/auth/oidc/backchannel-logout',
    audience: 'public',
    summary: 'End the sessions a provider logout names',
    body: BackchannelLogoutRequest,
    produces: 'file',
  }),
  ssoSettings: endpoint({
    method: 'GET',
    path: '/settings/sso',
    audience: 'admin',
    summary: 'The single sign-on settings',
    response: SsoSettingsResponse,
  }),
  updateSsoSettings: endpoint({
    method: 'PUT',
    path: '/settings/sso',
    audience: 'admin',
    summary: 'Change the single sign-on settings (audited)',
    body: UpdateSsoSettingsRequest,
    response: SsoSettingsResponse,
  }),
};
