import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** Health-check timings of the test: a stopping process is out of rotation within about 1 s. */
export const CHECK = { interMs: 500, fastInterMs: 250, fall: 2, rise: 2 };

export interface Backend {
  name: string;
  port: number;
}

/**
 * The balancer of docs/operations.md with the test's timings and ports, plus a stats socket and a
 * response header naming the server that answered (so the test can tell both processes served).
 */
function haproxyConfig(options: { port: number; backends: Backend[]; statsSocket: string }): string {
  const servers = options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`);
  return `global
  stats socket ${options.statsSocket} mode 600 level admin

defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # An upgraded /ws socket; the server pings it every WS_HEARTBEAT_MS.
  timeout tunnel 1h
  # A refused connection (a process that died) is tried again, on another server from the
  # second attempt on.
  retries 3
  option redispatch 1

frontend atrium
  bind 127.0.0.1:${options.port}
  default_backend atrium

backend atrium
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host atrium
  http-check expect status 200
  default-server inter ${CHECK.interMs}ms fastinter ${CHECK.fastInterMs}ms downinter ${CHECK.interMs}ms fall ${CHECK.fall} rise ${CHECK.rise}
  http-response set-header X-Atrium-Server %s
${servers.join('\n')}
`;
}

function haproxyBinary(): string {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  const found = dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => existsSync(file));
  if (!found)
    throw new Error('haproxy is not installed (apt-get install haproxy), or set HAPROXY to its path');
  return found;
}

/** One CSV command on the stats socket. */
function stats(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let out = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => {
      out += chunk.toString();
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

export class Haproxy {
  readonly base: string;
  private child: ChildProcess | undefined;
  readonly log: string[] = [];

  constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly backends: Backend[],
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  private get statsSocket(): string {
    return path.join(this.dir, 'haproxy.sock');
  }

  async start(): Promise<void> {
    const config = haproxyConfig({ port: this.port, backends: this.backends, statsSocket: this.statsSocket });
    const file = path.join(this.dir, 'haproxy.cfg');
    await writeFile(file, config);
    // -db: in the foreground, so it is this test's child and dies with it.
    const child = spawn(haproxyBinary(), ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => this.log.push(chunk.toString().trimEnd()));
    child.stderr!.on('data', (chunk: Buffer) => this.log.push(chunk.toString().trimEnd()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${this.log.join('\n')}`);
      if (await stats(this.statsSocket, 'show info').then(Boolean, () => false)) return;
      if (Date.now() > deadline) throw new Error('haproxy did not open its stats socket in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Each server's check status as HAProxy sees it: UP, DOWN, or a transition (UP 1/2, DOWN 1/2). */
  async serverStates(): Promise<Record<string, string>> {
    const [header, ...rows] = (await stats(this.statsSocket, 'show stat')).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (this.backends.some((b) => b.name === cells[name])) states[cells[name]!] = cells[status]!;
    }
    return states;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  kill(): void {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      this.child.kill('SIGKILL');
  }
}
