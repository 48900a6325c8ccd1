import type { Now } from '../../core/clock';
import { AppError } from '../../core/errors';

/**
 * At most `limit` requests per address in each window, counted in this process: a cheap brake on
 * public endpoints whose secrets cannot be guessed anyway. Forgets every address when a window
 * ends, so its memory is bounded by one window's traffic.
 */
export class AddressWindow {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(private readonly options: { limit: number; windowMs: number; now: Now }) {}

  /** Counts one request from `ip`, or refuses it with 429 and Retry-After. */
  admit(ip: string): void {
    const now = this.options.now().getTime();
    if (now - this.windowStart >= this.options.windowMs || now < this.windowStart) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    if (count > this.options.limit) {
      const wait = Math.max(1, Math.ceil((this.windowStart + this.options.windowMs - now) / 1000));
      throw new AppError(
        'too_many_requests',
        `Too many attempts. Try again in ${wait} seconds.`,
        { retryAfterSeconds: wait },
        { 'retry-after': String(wait) },
      );
    }
  }
}
