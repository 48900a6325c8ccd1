import { describe, expect, it } from 'vitest';
import { humanDuration } from './duration';

describe('humanDuration', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [2216, '36 minutes 56 seconds'],
    [3600, '1 hour'],
    [3661, '1 hour 1 minute'],
    [7260, '2 hours 1 minute'],
    [86_400 + 59, '1 day'],
    [93_784, '1 day 2 hours'],
    [12.9, '12 seconds'],
    [-5, '0 seconds'],
  ])('%d seconds reads "%s"', (seconds, text) => {
    expect(humanDuration(seconds)).toBe(text);
  });
});
