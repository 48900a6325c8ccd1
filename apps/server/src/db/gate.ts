/**
 * At most `size` holders at once; others wait in order of arrival, at most `queueLimit` of them
 * and each at most `waitMs`. Past either bound `refuse()` is thrown: waiting is bounded, and a
 * caller hears so instead of hanging. A waiter whose signal aborts leaves the queue at once.
 */
export class Gate {
  private free: number;
  private readonly waiting: { enter: () => void }[] = [];

  constructor(
    size: number,
    private readonly queueLimit: number,
    private readonly waitMs: number,
    private readonly refuse: () => Error,
  ) {
    this.free = size;
  }

  async enter(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0 && this.waiting.length === 0) {
      this.free -= 1;
      return;
    }
    if (this.waiting.length >= this.queueLimit) throw this.refuse();
    await new Promise<void>((resolve, reject) => {
      const leave = (error: unknown) => {
        settle();
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(error);
      };
      const timer = setTimeout(() => leave(this.refuse()), this.waitMs);
      const onAbort = () => leave(signal?.reason);
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter = {
        enter: () => {
          settle();
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** The holder's place passes to the first waiter, if any. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next.enter();
    else this.free += 1;
  }
}
