import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { Kysely } from 'kysely';
import Provider from 'oidc-provider';
import type { Database } from '../db/schema';
import { verifyPassword } from '../modules/auth/passwords';
import { CALLBACK_PATH } from '../modules/sso/sso-settings';

/**
 * The demo's own identity provider (oidc-provider, DEMO_SSO=1): a newcomer tries single sign-on
 * without an Entra ID or Okta of their own. It knows the demo's people by their Atrium email and
 * password, and one person Atrium has never seen (newcomer@atrium.local), whom the first sign-in
 * creates. Groups follow what people are in Atrium, so the group map keeps their roles.
 */

const NEWCOMER = {
  email: 'newcomer@atrium.local',
  password: 'Newcomer#2026',
  given_name: 'Noor',
  family_name: 'Haddad',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function loginPage(uid: string, error?: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo identity provider</title><style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
form{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px #0002;width:min(22rem,90vw);display:grid;gap:.75rem}
input{height:2.5rem;border:1px solid #cbd5e1;border-radius:8px;padding:0 .75rem;font-size:1rem}button{height:2.75rem;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:1rem}
p{margin:0;color:#475569;font-size:.875rem}.error{color:#b91c1c}</style></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><h1 style="margin:0;font-size:1.25rem">Demo identity provider</h1>
<p>Sign in with an Atrium demo account, or as ${NEWCOMER.email} (${NEWCOMER.password}), whom Atrium does not know yet.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Continue</button></form></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export interface DemoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export async function startDemoProvider(db: Kysely<Database>, appOrigins: string[]): Promise<DemoProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'atrium-demo';
  const clientSecret = randomBytes(24).toString('base64url');
  // Its own signing key each start: the ID tokens of an earlier run open nothing now.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(6).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const claimsOf = async (email: string) => {
    if (email === NEWCOMER.email)
      return {
        sub: email,
        email,
        email_verified: true,
        given_name: NEWCOMER.given_name,
        family_name: NEWCOMER.family_name,
        groups: [],
      };
    const u = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('department_managers').select('user_id').whereRef('user_id', '=', 'users.id'))
          .as('manages'),
      )
      .where('email', '=', email)
      .executeTakeFirst();
    if (!u) return undefined;
    const groups = u.role === 'admin' ? ['atrium-admins'] : u.manages ? ['managers'] : [];
    return {
      sub: email,
      email,
      email_verified: true,
      given_name: u.first_name,
      family_name: u.last_name,
      groups,
    };
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: appOrigins.map((o) => `${o}${CALLBACK_PATH}`),
        post_logout_redirect_uris: appOrigins.map((o) => `${o}/login`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'groups'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    findAccount: async (_ctx, sub) => {
      const claims = await claimsOf(sub);
      return claims ? { accountId: sub, claims: async () => claims } : undefined;
    },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!m) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (req.method !== 'POST') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(loginPage(details.uid));
        }
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const password = form.get('password') ?? '';
        const known =
          email === NEWCOMER.email
            ? password === NEWCOMER.password
            : await db
                .selectFrom('users')
                .select('password_hash')
                .where('email', '=', email)
                .executeTakeFirst()
                .then((u) => verifyPassword(u?.password_hash ?? null, password));
        if (!known) {
          res.statusCode = 401;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(loginPage(details.uid, 'Wrong email or password'));
        }
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
      }
      // The demo's one client is trusted: consent is given for it.
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
      grant.addOIDCScope(String(details.params.scope));
      return await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
    } catch (error) {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(`The sign-in could not go on: ${(error as Error).message}`);
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
