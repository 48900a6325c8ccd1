import net from 'node:net';

/**
 * A lean HTTP/1.1 keep-alive client for load generation: each request is written as one
 * prebuilt buffer and only the status line and Content-Length of the answer are read. The
 * clients share the machine with the server they measure, so what they spend is taken from it:
 * this costs a fraction of node:http's per request.
 */
export class RawHttpConnection {
  private socket!: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;
  private ready!: Promise<void>;
  private open = false;

  constructor(
    private readonly port: number,
    private readonly host = '127.0.0.1',
  ) {
    this.connect();
  }

  /**
   * A new socket. The server closes a connection left idle past its keep-alive timeout (Fastify's
   * is 72 s), and a long run leaves some of a pool's connections idle that long: a write to the
   * closed socket would never be answered, so the next send connects again, as HTTP clients do.
   */
  private connect(): void {
    const socket = net.connect({ port: this.port, host: this.host, noDelay: true });
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    this.open = true;
    this.ready = new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    this.ready.catch(() => undefined);
    // A socket replaced by a new one has nothing left to answer.
    const current = () => socket === this.socket;
    socket.on('data', (chunk) => current() && this.onData(chunk));
    socket.on('error', (error) => current() && this.fail(error));
    socket.on('close', () => {
      if (!current()) return;
      this.open = false;
      this.fail(new Error('connection closed'));
    });
  }

  async send(request: Buffer): Promise<number> {
    if (!this.open) this.connect();
    await this.ready;
    if (this.pending) throw new Error('one request at a time');
    return new Promise<number>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffered.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error('an answer without Content-Length'));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    this.buffered = this.buffered.subarray(total);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(status);
  }
}

/** A request as bytes on the wire. */
export function rawRequest(method: string, path: string, body?: Buffer, contentType?: string): Buffer {
  const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${
    body ? `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n` : ''
  }\r\n`;
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
}

/** Connections for `clients` concurrent requests; a request takes a free one or waits for one. */
export class RawHttpPool {
  private readonly free: RawHttpConnection[] = [];
  private readonly waiting: ((c: RawHttpConnection) => void)[] = [];
  private readonly all: RawHttpConnection[] = [];

  constructor(port: number, clients: number) {
    for (let i = 0; i < clients; i += 1) {
      const c = new RawHttpConnection(port);
      this.all.push(c);
      this.free.push(c);
    }
  }

  async send(request: Buffer): Promise<number> {
    const connection = this.free.pop() ?? (await new Promise<RawHttpConnection>((r) => this.waiting.push(r)));
    try {
      return await connection.send(request);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.free.push(connection);
    }
  }

  close(): void {
    for (const c of this.all) c.close();
  }
}
