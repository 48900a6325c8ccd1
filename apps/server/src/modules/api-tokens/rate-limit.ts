import { AppError } from '../../core/errors';

const WINDOW_MS = 60_000;

/**
 * Requests per token per minute, counted in this process (a one-minute window from the token's first request in it). With several
 * processes behind a balancer a token may make up to this many on each: the limit protects each
 * process from one runaway integration, and needs no shared state on every request.
 */
export class TokenRateLimit {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `tokenId`; throws 429 with Retry-After past the limit. */
  admit(tokenId: number): void {
    const now = this.now();
    let window = this.windows.get(tokenId);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(tokenId, window);
    }
    window.count += 1;
    if (window.count <= this.perMinute) return;
    const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    throw new AppError(
      'too_many_requests',
      `This API token made more than ${this.perMinute} requests this minute. Try again in ${retryAfter} s.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}
