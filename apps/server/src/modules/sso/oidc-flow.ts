import { createRemoteJWKSet, jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { ActiveSso } from './sso-settings';

/**
 * The relying party's side of the code flow (openid-client, with discovery): the authorization
 * URL with PKCE, state and nonce, kept meanwhile in a signed cookie; the code exchanged for an ID
 * token checked against them; and the provider's back-channel logout tokens verified.
 */

/** What the browser carries to the callback: signed, short-lived, scoped to the callback path. */
export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

export interface ProvenIdentity {
  issuer: string;
  subject: string;
  sid: string | null;
  claims: Record<string, unknown>;
}

export class SignInRefused extends Error {
  constructor(
    /** For the login page: state, provider, ... */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const PENDING_SECONDS = 600;
const AUDIENCE = 'atrium-oidc-pending';
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Plain http is allowed for a provider on this machine (tests, the demo's), never elsewhere. */
const loopback = (issuer: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(issuer);

export class OidcFlow {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly signingKey: Uint8Array) {}

  private config(s: ActiveSso): Promise<oidc.Configuration> {
    const key = `${s.issuer} ${s.client_id} ${s.client_secret}`;
    let config = this.configs.get(key);
    if (!config) {
      config = oidc.discovery(new URL(s.issuer), s.client_id, s.client_secret, undefined, {
        execute: loopback(s.issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: 5,
      });
      // A provider that could not be reached is asked again next time.
      config.catch(() => this.configs.delete(key));
      this.configs.set(key, config);
    }
    return config;
  }

  /** The provider's URL to send the browser to, and the cookie value that goes with it. */
  async start(s: ActiveSso, redirectUri: string, returnTo: string): Promise<{ url: string; cookie: string }> {
    const config = await this.config(s).catch((error: Error) => {
      throw new SignInRefused('provider', `The identity provider could not be reached: ${error.message}`);
    });
    const pending: PendingSignIn = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      returnTo,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const cookie = await new SignJWT({ ...pending })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${PENDING_SECONDS}s`)
      .sign(this.signingKey);
    return { url: url.href, cookie };
  }

  /** The pending sign-in the cookie holds, or a refusal when it is missing, forged or stale. */
  async pending(cookie: string | undefined): Promise<PendingSignIn> {
    if (!cookie)
      throw new SignInRefused('state', 'The sign-in took too long or was started elsewhere: start again');
    try {
      const { payload } = await jwtVerify(cookie, this.signingKey, { audience: AUDIENCE });
      return payload as unknown as PendingSignIn;
    } catch {
      throw new SignInRefused('state', 'The sign-in could not be verified: start again');
    }
  }

  /** Exchanges the code (the URL the provider sent the browser to) for a checked ID token. */
  async finish(s: ActiveSso, callbackUrl: URL, pending: PendingSignIn): Promise<ProvenIdentity> {
    const config = await this.config(s);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SignInRefused(
        'provider',
        `The identity provider's answer was refused: ${(error as Error).message}`,
      );
    }
    const idClaims = tokens.claims()!;
    let claims: Record<string, unknown> = { ...idClaims };
    // Groups and a verified email often come only from userinfo.
    if (tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch(() => undefined);
      if (info) claims = { ...info, ...claims };
    }
    return {
      issuer: String(idClaims.iss),
      subject: idClaims.sub,
      sid: typeof idClaims.sid === 'string' ? idClaims.sid : null,
      claims,
    };
  }

  /** The provider's end-session URL (RP-initiated logout), or undefined when it has none. */
  async endSessionUrl(s: ActiveSso, postLogoutRedirectUri: string): Promise<string | undefined> {
    const config = await this.config(s);
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(config, {
      client_id: s.client_id,
      post_logout_redirect_uri: postLogoutRedirectUri,
    }).href;
  }

  /** A back-channel logout token, verified: whose sessions (subject and/or provider session) end. */
  async logoutToken(
    s: ActiveSso,
    token: string,
  ): Promise<{ issuer: string; subject?: string; sid?: string }> {
    const config = await this.config(s);
    const meta = config.serverMetadata();
    if (!meta.jwks_uri) throw new SignInRefused('provider', 'The provider publishes no keys');
    const jwks = createRemoteJWKSet(new URL(meta.jwks_uri));
    const { payload } = await jwtVerify(token, jwks, {
      issuer: meta.issuer,
      audience: s.client_id,
      maxTokenAge: '5m',
    });
    const events = payload.events as Record<string, unknown> | undefined;
    if (!events || typeof events !== 'object' || !(LOGOUT_EVENT in events) || 'nonce' in payload)
      throw new SignInRefused('logout_token', 'Not a logout token');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (!payload.sub && !sid) throw new SignInRefused('logout_token', 'The logout token names nobody');
    return { issuer: meta.issuer, subject: payload.sub, sid };
  }
}
