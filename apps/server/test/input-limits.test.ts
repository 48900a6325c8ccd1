import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIn } from './fixtures';
import { useSuite } from './suite';

/**
 * The requests a probe of the running product found answering 500, each now a 400 that names the
 * field and the rule (the fuzz test covers the whole class; these pin the reported cases).
 */

const suite = useSuite();
let admin: LoggedIn;
let staff: LoggedIn;

beforeAll(async () => {
  staff = await suite.signedIn();
  admin = suite.admin;
});

async function call(method: string, url: string, who: LoggedIn, payload?: unknown) {
  const res = await suite.app.inject({
    method: method as 'GET',
    url,
    headers: who.auth,
    payload: payload as object,
  });
  return {
    status: res.statusCode,
    body: res.json() as { error?: { code: string; details?: { field: string; rule: string }[] } },
  };
}

const fields = (body: { error?: { details?: { field: string }[] } }) =>
  (body.error?.details ?? []).map((d) => d.field);

const today = new Date().toISOString().slice(0, 10);
/** A Monday about `years` from now (plus `days`), so a leave day is a working day. */
function inYears(years: number, days = 0): string {
  const d = new Date(`${Number(today.slice(0, 4)) + years}${today.slice(4, 8)}01T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7) + days);
  return d.toISOString().slice(0, 10);
}

describe('ids beyond int32', () => {
  it.each([
    ['PATCH', '/api/attendance/2147483648', { check_in_time: '2026-01-05T09:00:00Z', reason: 'x' }, 'id'],
    ['POST', '/api/leave/applications/2147483648/cancel', undefined, 'id'],
    ['GET', '/api/attendance?userId=2147483648', undefined, 'userId'],
    [
      'POST',
      '/api/leave/apply',
      { leaveTypeId: 2147483648, startDate: today, endDate: today, reason: 'x' },
      'leaveTypeId',
    ],
    [
      'POST',
      '/api/leave/batch-approval',
      { applicationIds: [2147483648], action: 'approved' },
      'applicationIds.0',
    ],
  ])('%s %s answers 400 naming %s', async (method, url, payload, field) => {
    const { status, body } = await call(method, url, url.includes('cancel') ? staff : admin, payload);
    expect(status).toBe(400);
    expect(fields(body)).toContain(field);
  });
});

describe('dates outside the calendar', () => {
  it.each([
    ['GET', '/api/attendance?date=0000-01-01', undefined, 'date'],
    ['GET', '/api/attendance/stats?month=0000-01', undefined, 'month'],
    ['POST', '/api/attendance/export', { startDate: '0000-01-01', endDate: '0000-01-31' }, 'startDate'],
    [
      'POST',
      '/api/leave/apply',
      { leaveTypeId: 1, startDate: '2201-01-01', endDate: '2201-01-01', reason: 'x' },
      'startDate',
    ],
    [
      'POST',
      '/api/leave/apply',
      { leaveTypeId: 1, startDate: '9999-12-31', endDate: '9999-12-31', reason: 'x' },
      'startDate',
    ],
  ])('%s %s answers 400 naming %s', async (method, url, payload, field) => {
    const { status, body } = await call(method, url, url.includes('apply') ? staff : admin, payload);
    expect(status).toBe(400);
    expect(fields(body)).toContain(field);
  });

  it('leave further ahead than the two-year horizon answers 400', async () => {
    const far = inYears(3);
    const { status, body } = await call('POST', '/api/leave/apply', staff, {
      leaveTypeId: 1,
      startDate: far,
      endDate: far,
      reason: 'a long way off',
    });
    expect(status).toBe(400);
    expect(body.error?.details).toEqual([expect.objectContaining({ field: 'endDate', rule: 'horizon' })]);
    const near = inYears(1);
    const ok = await call('POST', '/api/leave/apply', staff, {
      leaveTypeId: 1,
      startDate: near,
      endDate: near,
      reason: 'next year',
    });
    expect(ok.status).toBe(201);
  });
});

describe('NUL and control characters', () => {
  it.each([
    ['GET', '/api/attendance?search=a%00b', undefined, 'search'],
    ['GET', '/api/leave/applications?search=a%00b', undefined, 'search'],
    [
      'POST',
      '/api/leave/policies',
      { name: 'a\u0000b', leaveCode: 'NUL', maxDays: 1, carryForward: false, requiresApproval: true },
      'name',
    ],
    ['DELETE', '/api/attendance/1', { reason: 'gone\u0000' }, 'reason'],
    [
      'PUT',
      '/api/leave/applications/1/status',
      { status: 'approved', adminComments: 'ok\u0007' },
      'adminComments',
    ],
  ])('%s %s answers 400 naming %s', async (method, url, payload, field) => {
    const { status, body } = await call(method, url, admin, payload);
    expect(status).toBe(400);
    expect(fields(body)).toContain(field);
  });

  it('tabs and line breaks stay allowed in free text', async () => {
    const { status } = await call('POST', '/api/leave/apply', staff, {
      leaveTypeId: 1,
      startDate: inYears(1, 1),
      endDate: inYears(1, 1),
      reason: 'line one\nline two\ttabbed\r\n',
    });
    expect(status).toBe(201);
  });
});
