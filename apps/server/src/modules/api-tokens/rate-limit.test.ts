import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { TokenRateLimit } from './rate-limit';

describe('TokenRateLimit', () => {
  it('admits the limit per token per minute, then 429 with the seconds left until the window ends', () => {
    let now = 1_000_000;
    const limit = new TokenRateLimit(3, () => now);
    for (let i = 0; i < 3; i++) limit.admit(1);
    now += 20_500;
    let refusal: unknown;
    try {
      limit.admit(1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(429);
    expect((refusal as AppError).headers).toEqual({ 'retry-after': '40' });
    // Another token has its own count; the first has a fresh one once its minute is over.
    limit.admit(2);
    now += 39_500;
    expect(() => limit.admit(1)).not.toThrow();
  });
});
