import { type Config, ConfigError, isLoopbackHost } from './config';
import { PUBLISHED_DEMO_ACCOUNTS, type PublishedDemoLogins } from './modules/auth/published-logins';

type ExposureConfig = Pick<Config, 'host' | 'demo' | 'demoPublic'>;

const emails = PUBLISHED_DEMO_ACCOUNTS.map((a) => a.email);
const published = `${emails.slice(0, -1).join(', ')} and ${emails.at(-1)}`;

function refusal(host: string, leftover: boolean): ConfigError {
  const lines = [
    `Atrium will not serve the demo accounts (${published}, whose passwords are published) on HOST=${host}.`,
    ...(leftover
      ? [
          'This database still holds them with their published passwords: disable them or start from an empty DATA_DIR.',
        ]
      : []),
    'To serve the network, either:',
    '  - create a real administrator with `npm run create-admin` and start with DEMO=0',
    '    (DEMO=0 npm run create-admin -- --email you@example.com, then DEMO=0 HOST=0.0.0.0 npm start), or',
    '  - start with DEMO=public for a deliberate public demo, such as a showroom.',
    'Without HOST, Atrium listens on 127.0.0.1, this computer only.',
  ];
  return new ConfigError(lines.join('\n'));
}

/**
 * A non-loopback listener never serves the published demo passwords unless DEMO=public says so:
 * it refuses to start instead (rather than quietly changing passwords the README prints).
 * Runs after the migrations and before the demo seed.
 */
export async function refuseExposedDemo(config: ExposureConfig, logins: PublishedDemoLogins): Promise<void> {
  if (isLoopbackHost(config.host) || config.demoPublic) return;
  if (config.demo) throw refusal(config.host, false);
  if ((await logins.usable()).length > 0) throw refusal(config.host, true);
}

/** The start line: where Atrium listens, and how to change that or what it exposes. */
export function startMessage(config: ExposureConfig, port: number, database: string): string {
  const loopback = isLoopbackHost(config.host);
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const name =
    loopback || wildcard ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${name}:${port}`;
  const lines = [
    `Atrium is running on ${url} (listening on ${config.host}${wildcard ? ', every network interface' : ''}; database: ${database}${config.demo ? ', demo data' : ''})`,
  ];
  if (loopback) {
    lines.push('Only this computer can reach it; to serve the network, start with HOST=0.0.0.0.');
  } else if (config.demoPublic) {
    lines.push(
      `Warning: DEMO=public: ${published} sign in with their published passwords from any address that can reach this server.`,
    );
  }
  return lines.join('\n');
}
