import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnChild, stopChild } from './children';
import { ffmpegBinary } from './ffmpeg-binary';
import { objectMoving, type SceneMotion, sceneArgs } from './scene';

const TS_PACKET = 188;

interface Stream {
  name: string;
  motion: SceneMotion;
  process: ChildProcess | undefined;
  clients: Set<http.ServerResponse>;
  /** Bytes of an unfinished TS packet, so every client gets whole packets. */
  partial: Buffer;
  stopped: boolean;
  /** When the running encoder's first bytes came out: its picture's clock (t) starts there. */
  pictureStartedAt: number | undefined;
}

/**
 * Plays network cameras on loopback: each stream is an ffmpeg test picture (name, clock, moving
 * box) encoded once and served over HTTP as a live MPEG-TS stream to every client at
 * http://127.0.0.1:<port>/<key>.ts, the way an encoder or a camera's HTTP stream is pulled.
 * A stream can be stopped and started again (a camera losing power, for tests and the demo).
 */
export class CameraSimulator {
  private readonly server: http.Server;
  private readonly streams = new Map<string, Stream>();
  private port = 0;

  constructor(private readonly log: (message: string) => void = () => {}) {
    this.server = http.createServer((request, response) => this.serve(request, response));
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  url(key: string): string {
    return `http://127.0.0.1:${this.port}/${encodeURIComponent(key)}.ts`;
  }

  /** Adds (or restarts) a stream; its encoder runs from now on. */
  start(key: string, name: string, motion: SceneMotion): string {
    const existing = this.streams.get(key);
    if (existing && !existing.stopped) return this.url(key);
    const stream: Stream = existing ?? {
      name,
      motion,
      process: undefined,
      clients: new Set(),
      partial: Buffer.alloc(0),
      stopped: false,
      pictureStartedAt: undefined,
    };
    stream.name = name;
    stream.motion = motion;
    stream.stopped = false;
    this.streams.set(key, stream);
    this.spawn(stream);
    return this.url(key);
  }

  /**
   * Whether the stream's object is moving now, as its picture shows it (the same formula as the
   * picture's, on the encoder's clock); false while the stream is stopped or not yet producing.
   */
  moving(key: string, now = Date.now()): boolean {
    const stream = this.streams.get(key);
    if (!stream || stream.stopped || stream.pictureStartedAt === undefined) return false;
    return objectMoving(stream.motion, (now - stream.pictureStartedAt) / 1000);
  }

  /** The wall time (ms) the stream's picture clock started at: frame t is made at this + t s. */
  pictureStart(key: string): number | undefined {
    return this.streams.get(key)?.pictureStartedAt;
  }

  /** Stops a stream: its encoder ends and connected readers see the stream close. */
  async stop(key: string): Promise<void> {
    const stream = this.streams.get(key);
    if (!stream) return;
    stream.stopped = true;
    for (const client of stream.clients) client.destroy();
    stream.clients.clear();
    if (stream.process) await stopChild(stream.process, 1000);
  }

  async close(): Promise<void> {
    await Promise.all([...this.streams.keys()].map((key) => this.stop(key)));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private spawn(stream: Stream): void {
    const child = spawnChild(ffmpegBinary().path, sceneArgs({ name: stream.name, motion: stream.motion }), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stream.process = child;
    stream.partial = Buffer.alloc(0);
    stream.pictureStartedAt = undefined;
    let lastError = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      lastError = chunk.toString().trim().split('\n').pop() ?? lastError;
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stream.pictureStartedAt ??= Date.now();
      this.broadcast(stream, chunk);
    });
    child.on('exit', (code, signal) => {
      if (stream.process !== child) return;
      stream.process = undefined;
      if (stream.stopped) return;
      // An encoder that died on its own comes back: the simulated camera is meant to be up.
      this.log(
        `camera simulator: ${stream.name} encoder exited (${code ?? signal}) ${lastError}; restarting`,
      );
      setTimeout(() => {
        if (!stream.stopped && !stream.process) this.spawn(stream);
      }, 2000).unref();
    });
  }

  private broadcast(stream: Stream, chunk: Buffer): void {
    const data = stream.partial.length ? Buffer.concat([stream.partial, chunk]) : chunk;
    const whole = data.length - (data.length % TS_PACKET);
    stream.partial = data.subarray(whole);
    if (whole === 0) return;
    const packets = data.subarray(0, whole);
    for (const client of stream.clients) {
      // A reader that cannot keep up is dropped rather than buffered without bound.
      if (client.writableLength > 4 * 1024 * 1024) client.destroy();
      else client.write(packets);
    }
  }

  private serve(request: http.IncomingMessage, response: http.ServerResponse): void {
    const match = /^\/([^/?]+)\.ts(?:\?.*)?$/.exec(request.url ?? '');
    const stream = match ? this.streams.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (request.method !== 'GET' || !stream || stream.stopped) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such camera stream\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'video/mp2t', 'cache-control': 'no-store' });
    stream.clients.add(response);
    response.on('close', () => stream.clients.delete(response));
  }
}
