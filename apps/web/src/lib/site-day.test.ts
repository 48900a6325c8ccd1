import { describe, expect, it } from 'vitest';
import { sitesSpanZones, siteTodayText } from './site-day';

describe('site day', () => {
  it("names the site and its own date, whatever the browser's zone", () => {
    expect(siteTodayText({ name: 'Singapore Warehouse', today: '2026-11-28' })).toBe(
      'Today in Singapore Warehouse (Saturday 28 November)',
    );
    expect(siteTodayText({ name: 'Head Office', today: '2026-03-01' })).toBe(
      'Today in Head Office (Sunday 1 March)',
    );
  });

  it('says the sites span zones only with more than one zone', () => {
    expect(sitesSpanZones([])).toBe(false);
    expect(sitesSpanZones([{ time_zone: 'Europe/London' }, { time_zone: 'Europe/London' }])).toBe(false);
    expect(sitesSpanZones([{ time_zone: 'Europe/London' }, { time_zone: 'Asia/Singapore' }])).toBe(true);
  });
});
