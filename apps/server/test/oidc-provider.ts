import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A person at the identity provider: the claims it releases about them. */
export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  department?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, ProviderAccount>;
  /** Who the next sign-in at the provider is (its login form, answered for the test). */
  signInAs(sub: string): void;
  /** A back-channel logout token for `sub` (and provider session `sid`), signed with the provider's key. */
  logoutToken(claims: { sub?: string; sid?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * oidc-provider (the certified OpenID Connect implementation) on 127.0.0.1, with one client for
 * Atrium. Its login and consent pages are answered in code for whoever `signInAs` names, so server
 * tests drive the real code flow over HTTP.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let next: string | undefined;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' } as JWK;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'atrium';
  const clientSecret = 'atrium-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [new URL('/login', redirectUri).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups', 'department'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ ...account, name: `${account.given_name} ${account.family_name}` }),
      };
    },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (!next) throw new Error('signInAs was not called');
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: next } },
          { mergeWithLastSubmission: false },
        );
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      return await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (sub) => {
      next = sub;
    },
    logoutToken: (claims) =>
      new SignJWT({ ...claims, events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'logout+jwt' })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .sign(privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies on one host (they are shared between ports, as browsers share them). */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  header(url: URL): string {
    return [...this.cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const path =
        attrs
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) ?? '/';
      const expired = attrs.some(
        (a) => /^max-age=0$/i.test(a.trim()) || /^expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }
}

/** Follows redirects as a browser would, keeping cookies; the last answer and where it came from. */
export async function browse(jar: CookieJar, start: string, stopAt?: (url: URL) => boolean) {
  let url = new URL(start);
  for (let hops = 0; hops < 20; hops++) {
    if (stopAt?.(url)) return { url, res: undefined };
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { url, res };
    await res.arrayBuffer();
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
