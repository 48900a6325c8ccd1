import { describe, expect, it } from 'vitest';
import { daysText } from './weekdays';

describe('daysText', () => {
  it('shortens runs of three or more days and lists the rest', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(daysText([7, 1, 2, 3, 4, 5, 6])).toBe('Mon–Sun');
    expect(daysText([1, 2, 3, 4, 6])).toBe('Mon–Thu, Sat');
    expect(daysText([1, 3, 6])).toBe('Mon, Wed, Sat');
    expect(daysText([6, 7])).toBe('Sat, Sun');
  });
});
