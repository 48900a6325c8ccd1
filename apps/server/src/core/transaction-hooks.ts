import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Hook<T> = (trx: Kysely<Database>, event: T) => Promise<void>;

/**
 * Work a higher domain does inside a lower domain's transaction, without the lower one
 * importing it: organisation announces a changed holiday and leave recounts the applications
 * it touches, in the same commit. The higher domain's module registers with `on`.
 */
export class TransactionHooks<T> {
  private readonly hooks: Hook<T>[] = [];

  on(hook: Hook<T>): void {
    this.hooks.push(hook);
  }

  async run(trx: Kysely<Database>, event: T): Promise<void> {
    for (const hook of this.hooks) await hook(trx, event);
  }
}
