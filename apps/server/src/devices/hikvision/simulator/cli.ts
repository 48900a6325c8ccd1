import { parseArgs } from 'node:util';
import { CODES } from '../event-codes';
import type { PushFormat } from './bodies';
import { SimulatorFleet } from './fleet';

const HELP = `Simulated Hikvision access controllers: push events to Atrium over real HTTP.

Usage: npm run simulate-devices -- --device CODE[=PUSH_URL] [--device ...] [options]

  --device CODE=URL   a controller and its push URL (from Access Control > Configure >
                      new push URL, or POST /api/access/devices/{id}/push-secret); repeatable
  --device CODE       a controller Atrium does not know yet: add it under Access Control >
                      Add Device with the address and credentials it prints; it pushes nothing
                      until it has a push URL
  --card NUMBER       a card number to badge with (repeatable); default: unknown cards
  --employee NUMBER   an employee number to badge with (repeatable)
  --rate N            passages per minute per device (default 6)
  --denied PERCENT    share of passages refused as invalid cards (default 5)
  --format F          json, xml, multipart or mixed (default mixed)
  --heartbeat S       seconds between heartbeats (default 30)
  --backlog N         before going live, replay N events from the last hour (currentEvent=false)
  --duration S        stop after S seconds (default: run until Ctrl+C)
  --username U        the digest user Atrium must use for commands (default admin)
  --password P        its password (default simulator)
  --base-port P       commands listen on P, P+1, ... (default: free ports)
  --help              this text

Each controller also answers Atrium's RemoteControl/door and AcsWorkStatus requests (digest
auth); its command address is printed at start: set it on the device in Atrium.`;

function fail(message: string): never {
  console.error(`${message}\n\nRun with --help for usage.`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      device: { type: 'string', multiple: true },
      card: { type: 'string', multiple: true },
      employee: { type: 'string', multiple: true },
      rate: { type: 'string', default: '6' },
      denied: { type: 'string', default: '5' },
      format: { type: 'string', default: 'mixed' },
      heartbeat: { type: 'string', default: '30' },
      backlog: { type: 'string', default: '0' },
      duration: { type: 'string' },
      username: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'simulator' },
      'base-port': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.info(HELP);
    return;
  }
  const number = (name: string, raw: string | undefined, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  const devices = (values.device ?? []).map((spec) => {
    const eq = spec.indexOf('=');
    if (eq === -1) return { code: spec, url: '' };
    if (eq < 1) fail(`--device must be CODE or CODE=PUSH_URL, got "${spec}"`);
    const url = spec.slice(eq + 1);
    if (!/^https?:\/\//.test(url))
      fail(`the push URL of ${spec.slice(0, eq)} must start with http:// or https://`);
    return { code: spec.slice(0, eq), url };
  });
  if (devices.length === 0) fail('give at least one --device CODE[=PUSH_URL]');
  if (!['json', 'xml', 'multipart', 'mixed'].includes(values.format!))
    fail('--format must be json, xml, multipart or mixed');
  const rate = number('rate', values.rate, 0, 6000);
  const denied = number('denied', values.denied, 0, 100) / 100;
  const heartbeat = number('heartbeat', values.heartbeat, 1, 3600);
  const backlog = number('backlog', values.backlog, 0, 100_000);
  const basePort = values['base-port'] ? number('base-port', values['base-port'], 1, 65_000) : undefined;
  const cards = values.card ?? [];
  const employees = values.employee ?? [];

  const fleet = new SimulatorFleet();
  const log = (line: string) => console.info(`${new Date().toISOString()} ${line}`);
  for (const [i, d] of devices.entries()) {
    const c = await fleet.add({
      deviceId: d.code,
      pushUrl: d.url,
      format: values.format as PushFormat | 'mixed',
      username: values.username,
      password: values.password,
      port: basePort ? basePort + i : 0,
      log,
    });
    log(`${d.code}: commands at ${c.address} (user ${values.username})`);
    c.startHeartbeats(heartbeat);
    if (!d.url) {
      log(`${d.code}: serial number ${c.serialNumber}, waiting to be added (Access Control > Add Device)`);
      continue;
    }
    await c.sendHeartbeat();
    if (backlog > 0) {
      const now = Date.now();
      c.queueBacklog(
        Array.from({ length: backlog }, (_, k) => ({
          major: CODES.grantedCard[0],
          minor: CODES.grantedCard[1],
          cardNo: cards[k % Math.max(1, cards.length)] ?? `00${9_000_000 + k}`,
          readerNo: 1 + (k % 2),
          at: new Date(now - 3600_000 + (k * 3600_000) / backlog),
        })),
      );
      await c.replayBacklog();
      log(`${d.code}: backlog replayed, ${c.backlogSize} left`);
    }
  }

  const timers: NodeJS.Timeout[] = [];
  if (rate > 0) {
    for (const c of fleet.all()) {
      timers.push(
        setInterval(async () => {
          // A controller not added yet has nowhere to push; it starts once Atrium sets its target.
          if (!c.pushUrl) return;
          const who = Math.random();
          const refused = Math.random() < denied;
          const employee = employees.length ? employees[Math.floor(who * employees.length)] : undefined;
          const card = cards.length
            ? cards[Math.floor(who * cards.length)]
            : `00${8_000_000 + Math.floor(who * 1000)}`;
          const code = refused ? CODES.invalidCard : CODES.grantedCard;
          const r = await c.emit({
            major: code[0],
            minor: code[1],
            cardNo: employee ? undefined : card,
            employeeNo: employee,
            readerNo: Math.random() < 0.5 ? 1 : 2,
            verifyMode: 'card',
          });
          log(
            `${c.deviceId}: serial ${r.serialNo} ${refused ? 'denied' : 'granted'} ${r.delivered ? 'delivered' : `queued (${c.backlogSize} waiting)`}`,
          );
        }, 60_000 / rate),
      );
    }
  }

  const stop = async () => {
    for (const t of timers) clearInterval(t);
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (values.duration)
    setTimeout(() => void stop(), number('duration', values.duration, 1, 86_400 * 365) * 1000);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
