import { afterEach, describe, expect, it } from 'vitest';
import { calendarDateText, instantText } from './dates';
import { setOrganisationTimeZone } from './org-time';

afterEach(() => setOrganisationTimeZone('UTC'));

describe('dates in words', () => {
  it('says a calendar date and an instant alike, the instant on the organisation clock', () => {
    setOrganisationTimeZone('Pacific/Auckland');
    expect(calendarDateText('2026-07-03')).toMatch(/^Fri,? 3 Jul 2026$/);
    // 20:30 UTC on 2 July is already 3 July, 08:30, in Auckland.
    expect(instantText('2026-07-02T20:30:00Z')).toMatch(/^Fri,? 3 Jul 2026, 08:30$/);
    expect(instantText('2026-07-02T20:30:00Z', false)).toMatch(/^Fri,? 3 Jul, 08:30$/);
  });
});
