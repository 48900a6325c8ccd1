import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { safeJoin } from '../../video/recordings';
import type { StoredAccessEvent } from '../access/ingest.service';
import * as repo from './access-snapshots.repository';

/** The supervisor refreshes a camera's latest frame every 3 s: the next one is this far off at most. */
const NEXT_FRAME_WAIT_MS = 4000;
/** A frame older than this at the event's moment shows a camera that has stopped. */
const STALE_FRAME_MS = 10_000;
/** Which cameras watch which door is read again after this long. */
const LINKS_TTL_MS = 5000;

/**
 * Keeps each camera's picture of an access event's moment: the first frame the camera makes at
 * or after the event arrives (or the latest, when still recent), copied under
 * DATA_DIR/video/<camera>/access/<month>/<event>.jpg and indexed with the event. Why a copy
 * taken live rather than a frame cut from the recording when asked: it exists whether the
 * camera records or not, is there at once (the recording's segment is still being written for
 * a minute), costs a few kilobytes instead of an ffmpeg decode per look, and is not lost to a
 * gap in the recording. Work runs after the event is committed and never delays a device.
 */
export class AccessSnapshots {
  private links: { at: number; byPoint: Promise<Map<number, number[]>> } | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly o: {
      db: Kysely<Database>;
      /** DATA_DIR/video */
      videoRoot: string;
      log?: (message: string) => void;
      waitMs?: number;
    },
  ) {}

  take(events: StoredAccessEvent[]): void {
    for (const event of events) {
      const work = this.keepAll(event)
        .catch((error) => this.o.log?.(`access event ${event.id} snapshot: ${(error as Error).message}`))
        .finally(() => this.pending.delete(work));
      this.pending.add(work);
    }
  }

  /** Resolves when the pictures being taken are stored (shutdown, tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private cameras(accessPointId: number): Promise<number[]> {
    const now = Date.now();
    if (!this.links || now - this.links.at > LINKS_TTL_MS) {
      const byPoint = repo.camerasByAccessPoint(this.o.db);
      byPoint.catch(() => {
        this.links = undefined;
      });
      this.links = { at: now, byPoint };
    }
    return this.links.byPoint.then((m) => m.get(accessPointId) ?? []);
  }

  private async keepAll(event: StoredAccessEvent): Promise<void> {
    const cameras = await this.cameras(event.accessPointId);
    await Promise.all(cameras.map((cameraId) => this.keep(cameraId, event)));
  }

  private async keep(cameraId: number, event: StoredAccessEvent): Promise<void> {
    const frame = await this.frameOf(cameraId, event.receivedAt);
    if (!frame) return;
    const month = event.occurredAt.toISOString().slice(0, 7);
    const relative = path.posix.join(String(cameraId), 'access', month, `${event.id}.jpg`);
    const file = safeJoin(this.o.videoRoot, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, frame.jpeg);
    await repo.insertAccessSnapshot(this.o.db, {
      access_event_id: event.id,
      occurred_at: event.occurredAt,
      camera_id: cameraId,
      taken_at: frame.at,
      path: relative,
    });
  }

  /** The camera's frame of `moment`: read whole (the supervisor renames each new one in). */
  private async frameOf(cameraId: number, moment: Date): Promise<{ jpeg: Buffer; at: Date } | undefined> {
    const file = safeJoin(this.o.videoRoot, path.join(String(cameraId), 'snapshot.jpg'));
    const deadline = Date.now() + (this.o.waitMs ?? NEXT_FRAME_WAIT_MS);
    for (;;) {
      const frame = await readFrame(file);
      if (frame && frame.at >= moment) return frame;
      if (Date.now() >= deadline)
        return frame && moment.getTime() - frame.at.getTime() <= STALE_FRAME_MS ? frame : undefined;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function readFrame(file: string): Promise<{ jpeg: Buffer; at: Date } | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const info = await handle.stat();
    return { jpeg: await handle.readFile(), at: info.mtime };
  } finally {
    await handle.close();
  }
}
