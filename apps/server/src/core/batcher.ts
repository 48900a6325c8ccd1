/**
 * Group commit: work submitted while a batch is being written waits and goes out together in
 * the next one, so under load many pushes share one transaction, and a lone push is written at
 * once (no timer adds latency). Each submitter's promise settles when its batch has committed.
 */
export class Batcher<In, Out> {
  private queue: { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: In[]) => Promise<Out[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 400,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** Batches being written plus items waiting. */
  get pending(): number {
    return this.inFlight + this.queue.length;
  }

  private kick(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.run(batch.map((b) => b.item))
        .then(
          (outs) => {
            for (const [i, b] of batch.entries()) b.resolve(outs[i]!);
          },
          (error) => {
            for (const b of batch) b.reject(error);
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          this.kick();
        });
    }
  }
}
