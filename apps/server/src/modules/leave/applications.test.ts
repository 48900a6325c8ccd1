import { beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../../test/events';
import { createUser, type LoggedIn, login } from '../../../test/fixtures';
import { countCalendarDays, leaveTypeId, NOW } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

const suite = useSuite({ now: NOW });
let annual: number;
let unpaid: number;

beforeAll(async () => {
  annual = await leaveTypeId(suite.db, 'Annual Leave');
  await countCalendarDays(suite.db, 'Annual Leave');
  unpaid = await leaveTypeId(suite.db, 'Unpaid Leave');
});

const staff = async () => {
  const session = await suite.signedIn();
  return { ...session, id: session.user.id };
};
const apply = (s: LoggedIn, body: object) => suite.http.post('/api/leave/apply', s, body);
const annualLeave = (startDate: string, endDate: string, reason = 'Family holiday') => ({
  leaveTypeId: annual,
  startDate,
  endDate,
  reason,
});

describe('applying for leave', () => {
  it('creates a pending application with the spec fields and an inclusive day count', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-07-01', '2026-07-03'));
    expect(res.statusCode).toBe(201);
    const application = res.json().application;
    expect(application).toMatchObject({
      user: { id: s.id },
      user_id: s.id,
      department_name: 'Test Department',
      leave_type_name: 'Annual Leave',
      start_date: '2026-07-01',
      end_date: '2026-07-03',
      days_requested: 3,
      reason: 'Family holiday',
      status: 'pending',
      applied_at: NOW.toISOString(),
      decided_by: null,
      decided_at: null,
      admin_comments: null,
    });
    const balance = (await suite.http.get('/api/leave/my-balance', s)).json().balances;
    expect(balance.find((b: { leave_type: string }) => b.leave_type === 'Annual Leave')).toMatchObject({
      max_days_per_year: 25,
      used_days: 0,
      pending_applications: 1,
      pending_days: 3,
      remaining_days: 22,
    });
  });

  it('allows a one-day application starting today (same start and end)', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-06-15', '2026-06-15'));
    expect(res.statusCode).toBe(201);
    expect(res.json().application.days_requested).toBe(1);
  });

  it('refuses a start date before today, naming the field and rule', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-06-14', '2026-06-16'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      details: [
        {
          field: 'startDate',
          rule: 'not_in_past',
          message: 'Start date must not be before today (15 Jun 2026)',
        },
      ],
    });
  });

  it('refuses an end date before the start date', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-07-10', '2026-07-09'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'endDate', rule: 'after_start' }),
    ]);
  });

  it('refuses a blank reason', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-07-10', '2026-07-10', '   '));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'reason' })]);
    expect(res.json().error.message).toMatch(/Reason must not be blank/);
  });

  it('refuses missing fields, malformed dates and an unknown leave type', async () => {
    const s = await staff();
    const res = await apply(s, { startDate: '2026-13-01', endDate: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['endDate', 'leaveTypeId', 'reason', 'startDate']);
    const unknown = await apply(s, { ...annualLeave('2026-07-01', '2026-07-01'), leaveTypeId: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      expect.objectContaining({ field: 'leaveTypeId', rule: 'exists' }),
    ]);
  });

  it('answers 409 naming the clashing dates when it overlaps own pending or approved leave', async () => {
    const s = await staff();
    expect((await apply(s, annualLeave('2026-08-03', '2026-08-07'))).statusCode).toBe(201);
    const res = await apply(s, annualLeave('2026-08-07', '2026-08-10'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(
      'These dates overlap your pending Annual Leave from 3 Aug 2026 to 7 Aug 2026',
    );
    expect(res.json().error.details).toMatchObject({ start_date: '2026-08-03', end_date: '2026-08-07' });
    // The day after is free; somebody else's leave on the same days is no clash.
    expect((await apply(s, annualLeave('2026-08-08', '2026-08-08'))).statusCode).toBe(201);
    expect((await apply(await staff(), annualLeave('2026-08-03', '2026-08-07'))).statusCode).toBe(201);
  });

  it('no longer counts a cancelled application as a clash, and gives its days back', async () => {
    const s = await staff();
    const first = (await apply(s, annualLeave('2026-09-01', '2026-09-04'))).json().application;
    const cancelled = await suite.http.post(`/api/leave/applications/${first.id}/cancel`, s);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().application).toMatchObject({ status: 'cancelled', decided_by: { id: s.id } });
    expect((await apply(s, annualLeave('2026-09-01', '2026-09-04'))).statusCode).toBe(201);
    const again = await suite.http.post(`/api/leave/applications/${first.id}/cancel`, s);
    expect(again.statusCode).toBe(409);
    const balance = (await suite.http.get('/api/leave/my-balance', s)).json().balances[0];
    expect(balance).toMatchObject({ pending_days: 4, remaining_days: 21 });
  });

  it("lets nobody cancel someone else's application", async () => {
    const owner = await staff();
    const other = await staff();
    const id = (await apply(owner, annualLeave('2026-09-20', '2026-09-20'))).json().application.id;
    expect((await suite.http.post(`/api/leave/applications/${id}/cancel`, other)).statusCode).toBe(404);
  });

  it('answers 422 with the remaining figure when the balance is exceeded', async () => {
    const s = await staff();
    expect((await apply(s, annualLeave('2026-07-01', '2026-07-20'))).statusCode).toBe(201); // 20 days
    const res = await apply(s, annualLeave('2026-10-01', '2026-10-06')); // 6 > 5 left
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'unprocessable',
      message: expect.stringContaining('5 days remaining'),
      details: { remaining_days: 5, requested_days: 6, year: 2026 },
    });
    expect((await apply(s, annualLeave('2026-10-01', '2026-10-05'))).statusCode).toBe(201); // exactly 5
  });

  it('lets only one of several simultaneous overlapping applications through', async () => {
    const s = await staff();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => apply(s, annualLeave('2026-10-12', `2026-10-1${3 + (i % 3)}`))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('never lets simultaneous applications together exceed the balance', async () => {
    const s = await staff();
    // Three 10-day periods against 25 days: two fit, the third must be refused.
    const results = await Promise.all(
      ['2026-07-01', '2026-08-01', '2026-09-01'].map((start) =>
        apply(s, annualLeave(start, start.replace(/-01$/, '-10'))),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 422]);
    const balance = (await suite.http.get('/api/leave/my-balance', s)).json().balances[0];
    expect(balance).toMatchObject({ pending_days: 20, remaining_days: 5 });
  });

  it('charges a period across the new year to each year separately', async () => {
    const s = await staff();
    const res = await apply(s, annualLeave('2026-12-30', '2027-01-02'));
    expect(res.statusCode).toBe(201);
    expect(res.json().application.days_requested).toBe(4);
    const y2026 = (await suite.http.get('/api/leave/my-balance?year=2026', s)).json().balances[0];
    const y2027 = (await suite.http.get('/api/leave/my-balance?year=2027', s)).json().balances[0];
    expect([y2026.pending_days, y2027.pending_days]).toEqual([2, 2]);
  });

  it('never limits Unpaid Leave nor counts it against a balance', async () => {
    const s = await staff();
    const res = await apply(s, {
      leaveTypeId: unpaid,
      startDate: '2026-07-01',
      endDate: '2026-08-15',
      reason: 'Travel',
    });
    expect(res.statusCode).toBe(201);
    const balances = (await suite.http.get('/api/leave/my-balance', s)).json().balances;
    expect(balances.find((b: { leave_type: string }) => b.leave_type === 'Unpaid Leave')).toMatchObject({
      unlimited: true,
      max_days_per_year: 0,
      pending_days: 46,
      remaining_days: null,
    });
    expect(balances.find((b: { leave_type: string }) => b.leave_type === 'Annual Leave').remaining_days).toBe(
      25,
    );
  });

  it('approves on submit when the policy does not require approval, and tells the applicant', async () => {
    const adminUser = await createUser(suite.db, 'admin');
    const admin = await login(suite.app, adminUser);
    const created = await suite.http.post('/api/leave/policies', admin, {
      name: 'Volunteering',
      leaveCode: 'VOL',
      description: 'Charity days',
      maxDays: 2,
      carryForward: false,
      requiresApproval: false,
    });
    expect(created.statusCode).toBe(201);
    const s = await staff();
    const live = recordEvents(suite.bus);
    const res = await apply(s, {
      leaveTypeId: created.json().policy.leave_type_id,
      startDate: '2026-07-06',
      endDate: '2026-07-07',
      reason: 'Beach clean-up',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().application).toMatchObject({ status: 'approved', decided_by: null });
    expect(res.json().application.decided_at).toBe(NOW.toISOString());
    const balance = (await suite.http.get('/api/leave/my-balance', s)).json().balances.at(-1);
    expect(balance).toMatchObject({
      leave_type: 'Volunteering',
      used_days: 2,
      pending_days: 0,
      remaining_days: 0,
    });
    await live.waitFor((e) => e.kind === 'live' && e.type === 'leave_status_notification');
    live.stop();
  });

  it('publishes leave_application_update to admins and the applicant after commit', async () => {
    const s = await staff();
    const live = recordEvents(suite.bus);
    const id = (await apply(s, annualLeave('2026-11-02', '2026-11-02'))).json().application.id;
    const event = await live.waitFor(
      (e) => e.kind === 'live' && e.type === 'leave_application_update' && e.data.applicationId === id,
    );
    expect(event).toMatchObject({ data: { status: 'pending' }, audience: { admins: true, userIds: [s.id] } });
    live.stop();
  });
});

describe('reading applications', () => {
  it('gives staff only their own applications, even from the admin list', async () => {
    const a = await staff();
    const b = await staff();
    await apply(a, annualLeave('2026-12-01', '2026-12-01'));
    await apply(b, annualLeave('2026-12-02', '2026-12-02'));
    const mine = (await suite.http.get('/api/leave/my-applications', a)).json().applications;
    expect(mine.map((x: { user_id: number }) => x.user_id)).toEqual([a.id]);
    const list = (await suite.http.get('/api/leave/applications', a)).json();
    expect(list.applications.map((x: { user_id: number }) => x.user_id)).toEqual([a.id]);
    expect(list.has_more).toBe(false);
  });

  it('refuses staff the admin-only pending list and stats', async () => {
    const s = await staff();
    expect((await suite.http.get('/api/leave/pending', s)).statusCode).toBe(403);
    expect((await suite.http.get('/api/leave/stats', s)).statusCode).toBe(403);
    expect((await suite.http.get('/api/leave/pending', undefined)).statusCode).toBe(401);
  });

  it('lets admins search by name, leave type and department, filter by status and page', async () => {
    const admin = await login(suite.app, await createUser(suite.db, 'admin'));
    const person = await createUser(suite.db, 'staff', { departmentName: 'Harbour Office' });
    const s = await login(suite.app, person);
    await apply(s, annualLeave('2026-12-21', '2026-12-22'));
    const byDepartment = (await suite.http.get('/api/leave/applications?search=harbour', admin)).json();
    expect(byDepartment.applications).toHaveLength(1);
    expect(byDepartment.has_more).toBe(false);
    expect(byDepartment.applications[0].department_name).toBe('Harbour Office');
    const tag = person.email.split('-')[1]!.split('@')[0];
    const byName = (await suite.http.get(`/api/leave/applications?search=SAM%20TESTER${tag}`, admin)).json();
    expect(byName.applications.map((x: { user_id: number }) => x.user_id)).toEqual([person.id]);
    const byType = (
      await suite.http.get('/api/leave/applications?search=UNPAID&status=pending', admin)
    ).json();
    expect(
      byType.applications.every((x: { leave_type_name: string }) => x.leave_type_name === 'Unpaid Leave'),
    ).toBe(true);
    // Pages cut the newest-first list, and say whether another follows.
    const everything = (await suite.http.get('/api/leave/applications?pageSize=100', admin)).json();
    expect(everything.applications.length).toBeGreaterThan(4);
    expect(everything.has_more).toBe(false);
    const page = (await suite.http.get('/api/leave/applications?page=2&pageSize=2', admin)).json();
    expect(page.applications).toEqual(everything.applications.slice(2, 4));
    expect(page.has_more).toBe(true);
    const pages = Math.ceil(everything.applications.length / 2);
    const last = (await suite.http.get(`/api/leave/applications?page=${pages}&pageSize=2`, admin)).json();
    expect(last.applications).toEqual(everything.applications.slice((pages - 1) * 2));
    expect(last.has_more).toBe(false);
    const bad = await suite.http.get('/api/leave/applications?status=maybe', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('counts people away per day for admins, names them a page at a time, and shows staff only their own', async () => {
    const admin = await login(suite.app, await createUser(suite.db, 'admin'));
    const s = await staff();
    const t = await staff();
    await apply(s, annualLeave('2027-02-27', '2027-03-02'));
    await apply(t, annualLeave('2027-02-28', '2027-02-28'));
    const feb = (await suite.http.get('/api/leave/calendar/2027/2', admin)).json().events;
    expect(feb).toEqual([
      { date: '2027-02-27', approved: 0, pending: 1, half_day: 0 },
      { date: '2027-02-28', approved: 0, pending: 2, half_day: 0 },
    ]);
    const day = (await suite.http.get('/api/leave/calendar/day/2027-02-28?pageSize=1', admin)).json();
    expect(day.total).toBe(2);
    expect(day.entries).toHaveLength(1);
    const next = (await suite.http.get('/api/leave/calendar/day/2027-02-28?pageSize=1&page=2', admin)).json();
    expect([day.entries[0].user.id, next.entries[0].user.id].sort()).toEqual([s.id, t.id].sort());
    expect(next.entries[0]).toMatchObject({ leave_type: 'Annual Leave', status: 'pending' });

    // Staff see their own leave only, in the month and on the day.
    expect((await suite.http.get('/api/leave/calendar/2027/2', t)).json().events).toEqual([
      { date: '2027-02-28', approved: 0, pending: 1, half_day: 0 },
    ]);
    const own = (await suite.http.get('/api/leave/calendar/day/2027-02-28', t)).json();
    expect(own.entries.map((e: { user: { id: number } }) => e.user.id)).toEqual([t.id]);
    const other = await staff();
    expect((await suite.http.get('/api/leave/calendar/2027/2', other)).json().events).toEqual([]);
    expect((await suite.http.get('/api/leave/calendar/day/2027-02-28', other)).json().total).toBe(0);
    expect((await suite.http.get('/api/leave/calendar/2027/13', admin)).statusCode).toBe(400);
    expect((await suite.http.get('/api/leave/calendar/day/2027-02-30', admin)).statusCode).toBe(400);
  });
});
