/**
 * The door events this process has seen committed lately, and when it last marked each device
 * seen. Devices resend an event until they get a 200 and replay after an outage, so many pushes
 * are copies; a copy of an event committed here, from a device marked seen moments ago, can be
 * answered "duplicate" without the database, since the unique key there already decided (and
 * last_seen is written at most every few seconds anyway). Anything else, including every event
 * another process stored, goes to the database, which stays the judge. Bounded in size and age;
 * monotonic time, so a test's fixed clock changes nothing.
 */
export class StoredRecently {
  private readonly keys = new Map<string, number>();
  private readonly devices = new Map<number, number>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly keepMs = 10 * 60_000,
    private readonly seenMs = 5_000,
  ) {}

  /** Whether a push of `key` from `deviceId` is a copy this process can answer on its own. */
  answers(deviceId: number, key: string, now = performance.now()): boolean {
    const seen = this.devices.get(deviceId);
    if (seen === undefined || now - seen >= this.seenMs) return false;
    const stored = this.keys.get(key);
    return stored !== undefined && now - stored < this.keepMs;
  }

  /** The event is in the database now (stored by this push or found there). */
  remember(key: string, now = performance.now()): void {
    this.keys.delete(key);
    this.keys.set(key, now);
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const oldest of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) break;
      this.keys.delete(oldest);
    }
  }

  /** The devices' last_seen was brought up to date by a committed batch. */
  seen(deviceIds: Iterable<number>, now = performance.now()): void {
    for (const id of deviceIds) this.devices.set(id, now);
  }
}
