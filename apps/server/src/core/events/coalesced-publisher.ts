import type { DomainEvent, EventBus } from './bus';

/**
 * Publishes events that need not go out with a transaction (the live messages of committed door
 * events) a short moment later, together: every event waits at most `windowMs`, and all that
 * gathered meanwhile go out in order in one statement of their own (EventBus.publishAlone). At the
 * rate doors push, a statement for every batch of events cost Atrium and PostgreSQL a tenth of
 * their CPU (the statement, and the notification every listening process wakes up for); 25 ms is
 * below what a person can notice in a toast or a live list.
 */
export class CoalescedPublisher {
  private pending: DomainEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The statements sent so far, in order. */
  private sent: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: EventBus,
    /** Where a failure goes: nobody waits on these events to report it to. */
    private readonly report: (error: unknown) => void,
    private readonly windowMs = 25,
  ) {}

  publish(events: DomainEvent[]): void {
    if (events.length === 0) return;
    this.pending.push(...events);
    this.timer ??= setTimeout(() => this.flush(), this.windowMs);
  }

  /** Sends what is waiting now; resolves once everything published so far has been sent. */
  settled(): Promise<void> {
    this.flush();
    return this.sent;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const events = this.pending;
    this.pending = [];
    this.sent = this.sent.then(() => this.bus.publishAlone(events)).catch(this.report);
  }
}
