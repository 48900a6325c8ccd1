import { describe, expect, it } from 'vitest';
import { monthGrid, shiftMonth } from './calendar';
import { emptyForm, halvesOf, localToday, messages, validateAll, validateStep } from './wizard';

describe('leave wizard rules', () => {
  it('asks for a leave type on step 1', () => {
    expect(validateStep(1, emptyForm)).toEqual({ leaveTypeId: messages.type });
    expect(validateStep(1, { ...emptyForm, leaveTypeId: '2' })).toEqual({});
  });

  it('asks for both dates on step 2, and refuses an end before the start but not the same day', () => {
    expect(validateStep(2, emptyForm)).toEqual({ startDate: messages.start, endDate: messages.end });
    const form = { ...emptyForm, startDate: '2026-07-10', endDate: '2026-07-09' };
    expect(validateStep(2, form)).toEqual({ endDate: 'End date must be after start date' });
    expect(validateStep(2, { ...form, endDate: '2026-07-10' })).toEqual({});
  });

  it('asks for a reason that is not blank on step 3', () => {
    expect(validateStep(3, { ...emptyForm, reason: '   ' })).toEqual({ reason: messages.reason });
  });

  it("refuses what the contract's ApplyLeaveRequest refuses, in its words where the spec has none", () => {
    expect(validateStep(3, { ...emptyForm, reason: 'x'.repeat(2001) })).toEqual({
      reason: 'Reason must be at most 2000 characters',
    });
    expect(validateStep(3, { ...emptyForm, reason: 'a\u0000b' })).toEqual({
      reason: 'Reason must not contain control characters (such as NUL)',
    });
    expect(validateStep(2, { ...emptyForm, startDate: '2101-01-01', endDate: '2101-01-02' })).toEqual({
      startDate: 'Start date must be a date from 2000-01-01 to 2100-12-31',
      endDate: 'End date must be a date from 2000-01-01 to 2100-12-31',
    });
  });

  it('re-validates every step on submit and names the first step with a problem', () => {
    const ok = {
      ...emptyForm,
      leaveTypeId: '1',
      startDate: '2026-07-01',
      endDate: '2026-07-02',
      reason: ' Trip ',
    };
    expect(validateAll(ok)).toEqual({
      firstStep: null,
      request: { leaveTypeId: 1, startDate: '2026-07-01', endDate: '2026-07-02', reason: 'Trip' },
    });
    expect(validateAll({ ...ok, reason: '' })).toEqual({ firstStep: 3, errors: { reason: messages.reason } });
    expect(validateAll({ ...ok, startDate: '', reason: '' }).firstStep).toBe(2);
    expect(validateAll({ ...ok, endDate: '2026-06-30' })).toEqual({
      firstStep: 2,
      errors: { endDate: messages.order },
    });
  });

  it('sends only the halves that count: an afternoon start, a morning end, a single morning or afternoon', () => {
    const days = { ...emptyForm, startDate: '2026-07-01', endDate: '2026-07-02' };
    expect(halvesOf({ ...days, startHalf: 'afternoon', endHalf: 'morning' })).toEqual({
      startHalf: 'afternoon',
      endHalf: 'morning',
    });
    // A morning start over several days is the whole first day.
    expect(halvesOf({ ...days, startHalf: 'morning' })).toEqual({});
    const one = { ...days, endDate: '2026-07-01' };
    expect(halvesOf({ ...one, startHalf: 'morning' })).toEqual({ endHalf: 'morning' });
    expect(halvesOf({ ...one, startHalf: 'afternoon', endHalf: 'morning' })).toEqual({
      startHalf: 'afternoon',
    });
    expect(halvesOf(one)).toEqual({});
  });

  it("gives today's date in the browser's zone", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('leave calendar grid', () => {
  it('starts on Sunday with 35 cells, or 42 when the month needs a sixth week', () => {
    const july = monthGrid(2026, 7); // starts on a Wednesday
    expect(july).toHaveLength(35);
    expect(july[0]).toEqual({ date: '2026-06-28', inMonth: false });
    expect(july[3]).toEqual({ date: '2026-07-01', inMonth: true });
    const may = monthGrid(2026, 5); // starts on a Friday, 31 days
    expect(may).toHaveLength(42);
    expect(may.filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('moves across year ends', () => {
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });
});
