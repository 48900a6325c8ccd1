import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

/**
 * An Atrium backup is one gzip file. Inside, after the line `ATRIUM-BACKUP`, come frames, each a
 * line `<kind> <length>` and then that many bytes: first the manifest (JSON), then per table a
 * `table` frame (JSON: its name) and its rows in `rows` frames (PostgreSQL COPY text format), and
 * last the `summary` (JSON: row counts). Lengths make the reader exact whatever the rows hold; the
 * summary at the end tells a complete file from a cut one, and gzip's checksum catches damage.
 */
const MAGIC = 'ATRIUM-BACKUP\n';
export const BACKUP_FORMAT = 1;

const manifestSchema = z.object({
  format: z.number().int(),
  atriumVersion: z.string(),
  createdAt: z.string(),
  serverVersion: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()) })),
  /** Partitions in creation order (parents first); the application creates them as it needs them. */
  partitions: z.array(z.object({ name: z.string(), parent: z.string(), bound: z.string() })),
  /** A sequence's last value as text (bigint); null when it never gave one. */
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string().nullable() })),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const summarySchema = z.object({ rows: z.record(z.string(), z.number().int()), finishedAt: z.string() });

/** Where a backup or restore is: reported with each frame of rows and at the end of each table. */
export interface Progress {
  /** The table under way, or the one just done. */
  table: string;
  tablesDone: number;
  tablesTotal: number;
  /** Rows so far, all tables. */
  rows: number;
}

/** COPY text ends every row with a newline and escapes the newlines inside values. */
export function countRows(chunk: Buffer): number {
  let rows = 0;
  for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) rows += 1;
  return rows;
}

type Kind = 'manifest' | 'table' | 'rows' | 'summary';

/** The file is not a backup, is damaged or cut short, or is of a format this Atrium does not read. */
export class BackupFileError extends Error {}

export class ArchiveWriter {
  private readonly gzip = createGzip();
  private readonly written: Promise<void>;

  constructor(file: string) {
    // Password hashes and the server's secrets are in it: readable by its owner only.
    this.written = pipeline(this.gzip, createWriteStream(file, { mode: 0o600 }));
    // Awaited in close(); a failure meanwhile also surfaces through write().
    this.written.catch(() => {});
    this.gzip.write(MAGIC);
  }

  async frame(kind: Kind, payload: Buffer | string): Promise<void> {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.gzip.write(`${kind} ${bytes.length}\n`);
    if (!this.gzip.write(bytes)) await Promise.race([once(this.gzip, 'drain'), this.written]);
  }

  async close(): Promise<void> {
    this.gzip.end();
    await this.written;
  }

  /** Stops writing after a failure; the caller removes the file. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => {});
  }
}

interface Frame {
  kind: Kind;
  payload: Buffer;
}

const FRAME_HEADER = /^(manifest|table|rows|summary) (\d{1,9})$/;

export interface BackupTableRows {
  table: BackupManifest['tables'][number];
  /** Chunks of COPY text; what a caller leaves unread is skipped. */
  rows: AsyncGenerator<Buffer>;
}

export class ArchiveReader {
  /** Row counts from the summary, once tables() has read to the end. */
  rowCounts: Record<string, number> | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private manifest: BackupManifest | undefined;

  private constructor(
    private readonly file: string,
    private readonly input: Readable,
  ) {
    this.chunks = input[Symbol.asyncIterator]();
  }

  /** Opens a backup and reads its manifest; refuses anything that is not a backup this Atrium reads. */
  static async open(file: string): Promise<{ reader: ArchiveReader; manifest: BackupManifest }> {
    const gunzip = createGunzip();
    // Errors of either stream end the iteration with that error.
    pipeline(createReadStream(file), gunzip).catch(() => {});
    const reader = new ArchiveReader(file, gunzip);
    try {
      if ((await reader.take(MAGIC.length)).toString('latin1') !== MAGIC)
        throw reader.damaged('it does not start as one');
      const first = await reader.next();
      if (first?.kind !== 'manifest') throw reader.damaged('it has no manifest');
      const manifest = reader.json(first.payload, manifestSchema, 'manifest');
      if (manifest.format !== BACKUP_FORMAT) {
        throw new BackupFileError(
          `${file} is an Atrium backup of format ${manifest.format}; this Atrium reads format ${BACKUP_FORMAT}. Use a newer Atrium to restore it.`,
        );
      }
      reader.manifest = manifest;
      return { reader, manifest };
    } catch (error) {
      reader.close();
      throw error;
    }
  }

  /**
   * Each table in the file with its rows, in the file's order. At the end it checks the summary:
   * every table's rows counted as the backup counted them, and nothing after it.
   */
  async *tables(): AsyncGenerator<BackupTableRows> {
    const manifest = this.manifest!;
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    const counts = new Map<string, number>();
    let frame = await this.next();
    while (frame?.kind === 'table') {
      const name = this.json(frame.payload, z.object({ name: z.string() }), 'table').name;
      const table = byName.get(name);
      if (!table || counts.has(name))
        throw this.damaged(`it holds rows for "${name}" twice or outside its manifest`);
      let count = 0;
      let after: Frame | undefined;
      const reader = this;
      const rows = (async function* () {
        for (after = await reader.next(); after?.kind === 'rows'; after = await reader.next()) {
          count += countRows(after.payload);
          yield after.payload;
        }
      })();
      yield { table, rows };
      for await (const _ of rows);
      counts.set(name, count);
      frame = after;
    }
    if (frame?.kind !== 'summary') {
      throw this.damaged(
        frame ? `found "${frame.kind}" where a table or the summary belongs` : 'it has no summary',
      );
    }
    const summary = this.json(frame.payload, summarySchema, 'summary');
    if (this.buffer.length > 0 || (await this.more())) throw this.damaged('data follows its summary');
    for (const { name } of manifest.tables) {
      const expected = summary.rows[name] ?? 0;
      const read = counts.get(name) ?? 0;
      if (read !== expected)
        throw this.damaged(`its table "${name}" should hold ${expected} rows, not ${read}`);
    }
    this.rowCounts = summary.rows;
  }

  close(): void {
    this.input.destroy();
  }

  private async next(): Promise<Frame | undefined> {
    if (this.buffer.length === 0 && !(await this.more())) return undefined;
    let newline = this.buffer.indexOf(10);
    while (newline < 0 && this.buffer.length < 32) {
      if (!(await this.more())) throw this.damaged('it ends in the middle of a frame');
      newline = this.buffer.indexOf(10);
    }
    const header = FRAME_HEADER.exec(this.buffer.subarray(0, Math.max(newline, 0)).toString('latin1'));
    if (newline < 0 || !header) throw this.damaged('a frame header is unreadable');
    this.buffer = this.buffer.subarray(newline + 1);
    return { kind: header[1] as Kind, payload: await this.take(Number(header[2])) };
  }

  private json<T>(payload: Buffer, schema: z.ZodType<T>, what: string): T {
    let value: unknown;
    try {
      value = JSON.parse(payload.toString('utf8'));
    } catch {
      throw this.damaged(`its ${what} is not JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw this.damaged(`its ${what} lacks fields (${parsed.error.issues[0]?.path.join('.')})`);
    return parsed.data;
  }

  private async take(length: number): Promise<Buffer> {
    if (this.buffer.length < length) {
      // One copy for the whole frame, not one per chunk of gzip output.
      const parts = [this.buffer];
      let have = this.buffer.length;
      while (have < length) {
        const chunk = await this.chunk();
        if (!chunk) throw this.damaged('it is cut short');
        parts.push(chunk);
        have += chunk.length;
      }
      this.buffer = Buffer.concat(parts, have);
    }
    const taken = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return taken;
  }

  private async more(): Promise<boolean> {
    const chunk = await this.chunk();
    if (!chunk) return false;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  private async chunk(): Promise<Buffer | undefined> {
    try {
      const result = await this.chunks.next();
      return result.done ? undefined : result.value;
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      if (code?.startsWith('Z_')) throw this.damaged(`gzip: ${message}`);
      throw error;
    }
  }

  private damaged(reason: string): BackupFileError {
    return new BackupFileError(`${this.file} is not an Atrium backup, or it is damaged: ${reason}.`);
  }
}

/**
 * Reads a whole backup without loading anything: a damaged or cut file is refused before a
 * restore touches DATA_DIR. Returns its manifest and row counts.
 */
export async function verifyBackup(
  file: string,
): Promise<{ manifest: BackupManifest; rowCounts: Record<string, number> }> {
  const { reader, manifest } = await ArchiveReader.open(file);
  try {
    for await (const _ of reader.tables());
    return { manifest, rowCounts: reader.rowCounts! };
  } finally {
    reader.close();
  }
}
