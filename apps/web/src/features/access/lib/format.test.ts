import { describe, expect, it } from 'vitest';
import { dayLabel, formatWhen, groupByDay, personName, randomDeviceId } from './format';

describe('randomDeviceId', () => {
  it('is HK- and three digits across the whole range', () => {
    expect(randomDeviceId(() => 0)).toBe('HK-000');
    expect(randomDeviceId(() => 0.0421)).toBe('HK-042');
    expect(randomDeviceId(() => 0.99999999)).toBe('HK-999');
    for (let i = 0; i < 50; i += 1) expect(randomDeviceId()).toMatch(/^HK-\d{3}$/);
  });
});

describe('personName', () => {
  it('names the person, or the card Atrium does not know', () => {
    expect(personName({ first_name: 'Jamie', last_name: 'Carter', card_no: '1' })).toBe('Jamie Carter');
    expect(personName({ first_name: null, last_name: null, card_no: '0004521187' })).toBe(
      'Unknown card 0004521187',
    );
    expect(personName({ first_name: null, last_name: null, card_no: null })).toBe('Unknown person');
  });
});

describe('formatWhen', () => {
  it('says Today and Yesterday, else the date', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(formatWhen('2026-11-20T08:57:00Z', now)).toMatch(/^Today \d{2}:\d{2}$/);
    expect(formatWhen('2026-11-19T08:57:00Z', now)).toMatch(/^Yesterday \d{2}:\d{2}$/);
    expect(formatWhen('2026-10-02T08:57:00Z', now)).toMatch(/^Fri,? 2 Oct 2026, \d{2}:\d{2}$/);
    expect(formatWhen(null, now)).toBe('—');
  });
});

describe('groupByDay', () => {
  it('keeps the order and starts a group at each new organisation date', () => {
    const items = ['2026-11-20T15:00:00Z', '2026-11-20T09:00:00Z', '2026-11-18T12:00:00Z'].map(
      (timestamp) => ({
        timestamp,
      }),
    );
    const groups = groupByDay(items);
    expect(groups.map((g) => g.items.length)).toEqual([2, 1]);
    expect(dayLabel(groups[1]!.date, new Date('2026-11-20T12:00:00Z'))).toBe('Wed, 18 Nov 2026');
    expect(dayLabel(groups[0]!.date, new Date('2026-11-20T12:00:00Z'))).toBe('Today');
  });
});
