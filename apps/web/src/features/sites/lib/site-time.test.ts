import { describe, expect, it } from 'vitest';
import { siteNowText, zoneChoices } from './site-time';

describe('a site’s own time', () => {
  it('is its zone’s date and clock, with the offset', () => {
    const now = new Date('2026-11-27T13:05:00Z');
    expect(siteNowText('Asia/Singapore', '+08:00', now)).toBe('Fri 27 Nov, 21:05 (UTC+08:00)');
    expect(siteNowText('America/New_York', '-05:00', now)).toBe('Fri 27 Nov, 08:05 (UTC-05:00)');
    expect(siteNowText('Asia/Singapore', '+08:00', new Date('2026-11-27T16:30:00Z'))).toBe(
      'Sat 28 Nov, 00:30 (UTC+08:00)',
    );
  });

  it('offers every IANA zone, UTC and a saved zone the browser does not know included', () => {
    expect(zoneChoices()).toContain('Asia/Singapore');
    expect(zoneChoices()).toContain('UTC');
    expect(zoneChoices('Etc/Unknown')[0]).toBe('Etc/Unknown');
  });
});
