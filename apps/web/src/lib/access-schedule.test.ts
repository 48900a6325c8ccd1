import { describe, expect, it } from 'vitest';
import { doorScheduleText, scheduleText } from './access-schedule';

const door = (days: number[], starts: string, ends: string) => ({ access_point: 'Dock', days, starts, ends });

describe('scheduleText', () => {
  it('says a door open at all hours on every day as "every day, all day"', () => {
    expect(scheduleText({ days: [1, 2, 3, 4, 5, 6, 7], starts: '00:00', ends: '24:00' })).toBe(
      'every day, all day',
    );
  });

  it('shortens a run of weekdays and writes the hours', () => {
    expect(scheduleText({ days: [1, 2, 3, 4, 5], starts: '06:00', ends: '20:00' })).toBe(
      'Mon–Fri 06:00–20:00',
    );
    expect(scheduleText({ days: [6, 7], starts: '00:00', ends: '24:00' })).toBe('Sat, Sun, all day');
    expect(scheduleText({ days: [7, 1, 3], starts: '08:30', ends: '24:00' })).toBe(
      'Mon, Wed, Sun 08:30–24:00',
    );
  });

  it('reads days in any order, once each, and times with seconds as minutes', () => {
    expect(scheduleText({ days: [5, 4, 3, 2, 1, 1], starts: '06:00:00', ends: '20:00:00' })).toBe(
      'Mon–Fri 06:00–20:00',
    );
    expect(scheduleText({ days: [7, 6, 5, 4, 3, 2, 1], starts: '09:00', ends: '17:00' })).toBe(
      'every day 09:00–17:00',
    );
  });
});

describe('doorScheduleText', () => {
  it('puts the door first, then its schedule', () => {
    expect(
      doorScheduleText({ ...door([1, 2, 3, 4, 5], '06:00', '20:00'), access_point: 'Warehouse Dock' }),
    ).toBe('Warehouse Dock · Mon–Fri 06:00–20:00');
    expect(
      doorScheduleText({ ...door([1, 2, 3, 4, 5, 6, 7], '00:00', '24:00'), access_point: 'Main Entrance' }),
    ).toBe('Main Entrance · every day, all day');
  });
});
