import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  hoursBetween,
  inclusiveDays,
  isoWeekday,
  localDate,
  localTime,
  monthRange,
  wallClock,
  yearOf,
  zonedInstant,
} from './calendar';

const LONDON = 'Europe/London';
const zones = ['UTC', LONDON, 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
const dates = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('date arithmetic', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts days between dates, inclusive for leave, whatever the zone offsets', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // across the spring-forward day
    expect(daysBetween('2026-07-10', '2026-07-01')).toBe(-9);
    expect(inclusiveDays('2026-07-01', '2026-07-01')).toBe(1);
    expect(inclusiveDays('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('keeps addDays and daysBetween inverse for any date and step', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: -800, max: 800 }), (date, n) => {
        expect(daysBetween(date, addDays(date, n))).toBe(n);
      }),
    );
  });

  it('names ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-07-06')).toBe(1);
    expect(isoWeekday('2026-07-11')).toBe(6);
    expect(isoWeekday('2026-07-12')).toBe(7);
  });

  it('bounds months, February by the leap year', () => {
    expect(monthRange('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(yearOf('2026-12-31')).toBe(2026);
  });

  it('gives hours to two decimals', () => {
    expect(hoursBetween(new Date('2026-07-06T08:00:00Z'), new Date('2026-07-06T16:20:00Z'))).toBe(8.33);
  });
});

describe('wall times in a zone', () => {
  it("reads an instant on the zone's calendar and clock", () => {
    const late = new Date('2026-07-08T23:30:00Z');
    expect(localDate(late, 'UTC')).toBe('2026-07-08');
    expect(localDate(late, LONDON)).toBe('2026-07-09');
    expect(localTime(late, LONDON)).toBe('00:30');
    expect(localTime(late, 'Asia/Kolkata')).toBe('05:00');
    expect(wallClock(new Date('2026-01-15T12:34:56Z'), LONDON)).toEqual({
      date: '2026-01-15',
      hour: 12,
      minute: 34,
      second: 56,
    });
  });

  it('turns a wall time into its instant in summer and in winter', () => {
    expect(zonedInstant('2026-07-08', '09:00', LONDON)).toEqual(new Date('2026-07-08T08:00:00Z'));
    expect(zonedInstant('2026-01-08', '09:00', LONDON)).toEqual(new Date('2026-01-08T09:00:00Z'));
    expect(zonedInstant('2026-07-08', '09:00', 'America/New_York')).toEqual(new Date('2026-07-08T13:00:00Z'));
  });

  it('moves a time skipped by spring-forward on by the gap', () => {
    // London 2026-03-29: 01:00 GMT jumps to 02:00 BST; 01:30 never happens, 02:30 BST does.
    expect(zonedInstant('2026-03-29', '01:30', LONDON)).toEqual(new Date('2026-03-29T01:30:00Z'));
    expect(localTime(zonedInstant('2026-03-29', '01:30', LONDON), LONDON)).toBe('02:30');
    expect(zonedInstant('2026-03-29', '00:00', LONDON)).toEqual(new Date('2026-03-29T00:00:00Z'));
  });

  it('resolves a time repeated by fall-back to its first occurrence', () => {
    // London 2026-10-25: 02:00 BST falls back to 01:00 GMT; 01:30 happens twice.
    expect(zonedInstant('2026-10-25', '01:30', LONDON)).toEqual(new Date('2026-10-25T00:30:00Z'));
    expect(zonedInstant('2026-10-25', '09:00', LONDON)).toEqual(new Date('2026-10-25T09:00:00Z'));
  });

  it('round-trips every whole-minute wall time that exists, in zones with odd offsets', () => {
    fc.assert(
      fc.property(
        dates,
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (date, h, m, zone) => {
          const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          const instant = zonedInstant(date, time, zone);
          // A skipped time lands after the gap; any other comes back exactly.
          if (localTime(instant, zone) === time) expect(localDate(instant, zone)).toBe(date);
          else expect(instant.getTime()).toBeGreaterThan(zonedInstant(date, '00:00', zone).getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});
