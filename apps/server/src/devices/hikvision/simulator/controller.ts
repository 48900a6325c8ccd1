import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { challengeHeader, verifyAuthorization } from '../digest';
import { CODES } from '../event-codes';
import { httpHostXml, readHttpHosts } from '../http-hosts';
import { deviceTime, encode, heartbeatXml, type PushFormat, type SimEvent, TINY_JPEG } from './bodies';
import { PersonList } from './person-list';

/**
 * One simulated Hikvision access controller, speaking the device side of ISAPI over real HTTP:
 * it pushes events to its push URL (JSON, XML or multipart), retries until it gets a 2xx,
 * keeps what it could not deliver as a backlog and replays it (`currentEvent: false`) once the
 * listener answers again, sends heartbeats, and answers deviceInfo, httpHosts (its event
 * target, which Atrium sets), RemoteControl and AcsWorkStatus behind digest authentication.
 */

export interface ControllerOptions {
  deviceId: string;
  /** Where to push: http://atrium/api/devices/isapi/{secret} */
  pushUrl: string;
  /** json, xml, multipart, or mixed (each event in the next form, in turn). */
  format?: PushFormat | 'mixed';
  /** Credentials Atrium must present (digest) for commands. */
  username?: string;
  password?: string;
  /** Port for commands; 0 picks a free one. */
  port?: number;
  host?: string;
  /** The device clock's UTC offset in minutes. */
  offsetMinutes?: number;
  /** Attempts per push before the event goes to the backlog. */
  attempts?: number;
  /** Timeout of one push attempt. */
  timeoutMs?: number;
  firstSerial?: number;
  /** What deviceInfo answers; derived from deviceId unless given. */
  serialNumber?: string;
  log?: (line: string) => void;
}

/** The model the simulator says it is (a face terminal with a card reader). */
export const SIMULATED_MODEL = 'DS-K1T671M';

export interface EmitInput {
  major: number;
  minor: number;
  cardNo?: string;
  employeeNo?: string;
  name?: string;
  readerNo?: number;
  verifyMode?: string;
  picture?: boolean;
  /** The device's time of the event; now by default. */
  at?: Date;
  /** Events without a serial exist (some alarms); false leaves it out. */
  withSerial?: boolean;
}

export interface EmitResult {
  serialNo: number;
  delivered: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export class SimulatedController {
  readonly deviceId: string;
  private serial: number;
  private formatTurn = 0;
  private readonly backlog: SimEvent[] = [];
  private server: http.Server | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly nonces = new Set<string>();
  private doorOpenUntil = 0;
  private stopped = false;
  private replaying: Promise<void> | undefined;
  /** Commands received, newest last (for tests and the CLI's log). */
  readonly commands: string[] = [];
  /** The people and cards written to it (UserInfo, CardInfo); once written, they decide swipes. */
  readonly people = new PersonList();

  constructor(private readonly o: ControllerOptions) {
    this.deviceId = o.deviceId;
    this.serial = o.firstSerial ?? 1000 + Math.floor(Math.random() * 1000);
  }

  /** The serial number deviceInfo reports. */
  get serialNumber(): string {
    return this.o.serialNumber ?? `${SIMULATED_MODEL}-${this.deviceId}`;
  }

  private deviceInfoXml(): string {
    // A MAC of its own, the same each run: from the serial's characters.
    const bytes = [...this.serialNumber].reduce(
      (acc, c, i) => {
        acc[i % 5] = (acc[i % 5]! * 31 + c.charCodeAt(0)) % 256;
        return acc;
      },
      [0, 0, 0, 0, 0],
    );
    const mac = ['a4', ...bytes.map((b) => b.toString(16).padStart(2, '0'))].join(':');
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<DeviceInfo version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
      `<deviceName>${this.deviceId}</deviceName><deviceID>${this.deviceId}</deviceID>` +
      `<model>${SIMULATED_MODEL}</model><serialNumber>${this.serialNumber}</serialNumber>` +
      `<macAddress>${mac}</macAddress><firmwareVersion>V3.2.30</firmwareVersion>` +
      '<firmwareReleasedDate>build 240115</firmwareReleasedDate><deviceType>ACS</deviceType>' +
      '</DeviceInfo>'
    );
  }

  get pushUrl(): string {
    return this.o.pushUrl;
  }

  set pushUrl(url: string) {
    this.o.pushUrl = url;
  }

  get backlogSize(): number {
    return this.backlog.length;
  }

  /** http://host:port of the command listener, once started. */
  get address(): string | undefined {
    const a = this.server?.address() as AddressInfo | null | undefined;
    return a ? `http://${this.o.host ?? '127.0.0.1'}:${a.port}` : undefined;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.server = http.createServer((req, res) => this.command(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.o.port ?? 0, this.o.host ?? '127.0.0.1', () => resolve());
    });
  }

  /** Heartbeats every `seconds` (devices send one every few tens of seconds). */
  startHeartbeats(seconds: number): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => void this.sendHeartbeat(), seconds * 1000);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** Builds the next event (a new serial number) and pushes it; undelivered events wait in the backlog. */
  /**
   * A card presented at a reader, decided as the device decides it: by its own list once Atrium
   * has written one (granted, or refused for no permission or an unknown card), and pushed.
   */
  async swipe(
    cardNo: string,
    readerNo = 1,
    door = 1,
    at = new Date(),
  ): Promise<EmitResult & { granted: boolean }> {
    const local = deviceTime(at, this.o.offsetMinutes ?? 0).slice(0, 19);
    const decided = this.people.decide(cardNo, door, local);
    const [major, minor] = decided.granted
      ? CODES.grantedCard
      : decided.reason === 'unknown_card'
        ? CODES.invalidCard
        : CODES.noPermission;
    const result = await this.emit({
      major,
      minor,
      cardNo,
      employeeNo: decided.user?.employeeNo,
      name: decided.user?.name,
      readerNo,
      verifyMode: 'card',
      at,
    });
    return { ...result, granted: decided.granted };
  }

  async emit(input: EmitInput): Promise<EmitResult> {
    const serialNo = this.serial++;
    const event: SimEvent = {
      deviceId: this.deviceId,
      ip: '127.0.0.1',
      dateTime: deviceTime(input.at ?? new Date(), this.o.offsetMinutes ?? 0),
      major: input.major,
      minor: input.minor,
      serialNo: input.withSerial === false ? undefined : serialNo,
      cardNo: input.cardNo,
      employeeNo: input.employeeNo,
      name: input.name,
      readerNo: input.readerNo,
      doorNo: 1,
      verifyMode: input.verifyMode,
      currentEvent: true,
      picture: input.picture ? TINY_JPEG : undefined,
    };
    // Events go out in order: while a backlog exists, new ones join it.
    if (this.backlog.length > 0) {
      this.backlog.push({ ...event, currentEvent: false });
      await this.replayBacklog();
      return { serialNo, delivered: !this.backlog.some((e) => e.serialNo === serialNo) };
    }
    const delivered = await this.deliver(event);
    if (!delivered) this.backlog.push({ ...event, currentEvent: false });
    return { serialNo, delivered };
  }

  /** Adds old events to the backlog, as if they happened while the listener was unreachable. */
  queueBacklog(inputs: EmitInput[]): void {
    for (const input of inputs) {
      const serialNo = this.serial++;
      this.backlog.push({
        deviceId: this.deviceId,
        ip: '127.0.0.1',
        dateTime: deviceTime(input.at ?? new Date(), this.o.offsetMinutes ?? 0),
        major: input.major,
        minor: input.minor,
        serialNo,
        cardNo: input.cardNo,
        employeeNo: input.employeeNo,
        readerNo: input.readerNo,
        doorNo: 1,
        verifyMode: input.verifyMode,
        currentEvent: false,
      });
    }
  }

  /** Sends the backlog in serial order; stops at the first event that is not acknowledged. */
  replayBacklog(): Promise<void> {
    this.replaying ??= (async () => {
      try {
        while (this.backlog.length > 0 && !this.stopped) {
          if (!(await this.deliver(this.backlog[0]!))) return;
          this.backlog.shift();
        }
      } finally {
        this.replaying = undefined;
      }
    })();
    return this.replaying;
  }

  async sendHeartbeat(): Promise<boolean> {
    // Not added anywhere yet: nobody to tell (Atrium sets the target over httpHosts).
    if (!this.pushUrl) return false;
    const ok = await this.post(
      heartbeatXml('127.0.0.1', deviceTime(new Date(), this.o.offsetMinutes ?? 0)),
      'application/xml',
      1,
    );
    if (ok && this.backlog.length > 0) void this.replayBacklog();
    return ok;
  }

  private nextFormat(): PushFormat {
    const f = this.o.format ?? 'mixed';
    if (f !== 'mixed') return f;
    const order: PushFormat[] = ['json', 'xml', 'multipart'];
    return order[this.formatTurn++ % order.length]!;
  }

  private async deliver(event: SimEvent): Promise<boolean> {
    const format = event.picture ? 'multipart' : this.nextFormat();
    const { body, contentType } = encode(event, format);
    return this.post(body, contentType, this.o.attempts ?? 5);
  }

  /** POSTs until a 2xx, with growing pauses; a 4xx other than 408/429 will not improve by retrying. */
  private async post(body: Buffer | string, contentType: string, attempts: number): Promise<boolean> {
    for (let attempt = 1; attempt <= attempts && !this.stopped; attempt += 1) {
      try {
        const res = await fetch(this.o.pushUrl, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: typeof body === 'string' ? body : new Uint8Array(body),
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 5000),
        });
        await res.arrayBuffer();
        if (res.ok) return true;
        this.o.log?.(`${this.deviceId}: push answered ${res.status}`);
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) return false;
      } catch (error) {
        this.o.log?.(`${this.deviceId}: push failed (${(error as Error).message})`);
      }
      if (attempt < attempts) await sleep(Math.min(5000, 100 * 2 ** attempt));
    }
    return false;
  }

  // ---- Commands from Atrium ----

  private command(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (chunks.reduce((n, b) => n + b.length, 0) < 64 * 1024) chunks.push(c);
    });
    req.on('end', () => {
      const realm = 'DS-K1T671M';
      const ok = verifyAuthorization(req.headers.authorization, {
        realm,
        username: this.o.username ?? 'admin',
        password: this.o.password ?? 'simulator',
        method: req.method ?? 'GET',
        nonces: this.nonces,
      });
      if (!ok) {
        const nonce = randomBytes(16).toString('hex');
        this.nonces.add(nonce);
        if (this.nonces.size > 100) this.nonces.delete(this.nonces.values().next().value!);
        res.writeHead(401, {
          'www-authenticate': challengeHeader(realm, nonce),
          'content-type': 'application/xml',
        });
        res.end(responseStatus(4, 'Invalid Operation', 'notAuthenticated'));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://device');
      const body = Buffer.concat(chunks).toString('utf8');
      const door = /^\/ISAPI\/AccessControl\/RemoteControl\/door\/(\d+)$/.exec(url.pathname);
      if (req.method === 'PUT' && door) {
        const cmd = /<cmd>\s*([A-Za-z]+)\s*<\/cmd>/.exec(body)?.[1];
        if (!cmd || !['open', 'close', 'alwaysOpen', 'alwaysClose'].includes(cmd)) {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end(responseStatus(4, 'Invalid XML Content', 'badXmlContent'));
          return;
        }
        this.commands.push(`door ${door[1]} ${cmd}`);
        if (cmd === 'open') this.doorOpenUntil = Date.now() + 5000;
        if (cmd === 'close') this.doorOpenUntil = 0;
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(responseStatus(1, 'OK'));
        // A real controller reports the remote opening as an event of its own.
        if (cmd === 'open') void this.emit({ major: 3, minor: 1024 });
        return;
      }
      if (url.pathname === '/ISAPI/Event/notification/httpHosts' && req.method === 'GET') {
        this.commands.push('event target read');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(this.pushUrl ? httpHostXml(this.pushUrl) : '<HttpHostNotificationList/>');
        return;
      }
      if (url.pathname === '/ISAPI/Event/notification/httpHosts' && req.method === 'PUT') {
        const [target] = readHttpHosts(body);
        if (!target) {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end(responseStatus(4, 'Invalid XML Content', 'badXmlContent'));
          return;
        }
        this.commands.push('event target set');
        this.pushUrl = target;
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(responseStatus(1, 'OK'));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/ISAPI/System/deviceInfo') {
        this.commands.push('device info');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(this.deviceInfoXml());
        return;
      }
      if (req.method === 'GET' && url.pathname === '/ISAPI/AccessControl/AcsWorkStatus') {
        this.commands.push('work status');
        const open = Date.now() < this.doorOpenUntil;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            AcsWorkStatus: {
              doorLockStatus: [open ? 1 : 0],
              doorStatus: [4],
              magneticStatus: [open ? 1 : 0],
              cardReaderOnlineStatus: [1, 1],
              powerSupplyStatus: 'ACPowerSupply',
            },
          }),
        );
        return;
      }
      const listed = this.people.handle(req.method ?? 'GET', url.pathname, body);
      if (listed) {
        this.commands.push(`${url.pathname.split('/').slice(-2).join(' ')}`);
        res.writeHead(listed.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(listed.body));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(responseStatus(4, 'Invalid Operation', 'notSupport'));
    });
  }
}

function responseStatus(code: number, text: string, sub = 'ok'): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ResponseStatus version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
    `<requestURL></requestURL><statusCode>${code}</statusCode><statusString>${text}</statusString>` +
    `<subStatusCode>${sub}</subStatusCode></ResponseStatus>`
  );
}
