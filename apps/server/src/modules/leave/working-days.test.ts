import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchedule } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { leaveTypeId, NOW } from '../../../test/leave';
import { useSuite } from '../../../test/suite';

/**
 * Working days and half days: Annual Leave counts the applicant's working days (their
 * department's Monday to Friday, no public holidays), Sick Leave every calendar day; a first day
 * started in the afternoon or a last day ended in the morning counts 0.5. Now is Monday
 * 15 June 2026.
 */

const suite = useSuite({ now: NOW });
let admin: LoggedIn;
let annual: number;
let sick: number;

beforeAll(async () => {
  admin = suite.admin;
  annual = await leaveTypeId(suite.db, 'Annual Leave');
  sick = await leaveTypeId(suite.db, 'Sick Leave');
});

const apply = (s: LoggedIn, body: object) =>
  suite.http.post('/api/leave/apply', s, { reason: 'Time off', ...body });
const balanceOf = async (s: LoggedIn, typeId: number) =>
  (await suite.http.get('/api/leave/my-balance', s))
    .json()
    .balances.find((b: { leave_type_id: number }) => b.leave_type_id === typeId);
const applicationOf = async (s: LoggedIn, id: number) =>
  (await suite.http.get('/api/leave/my-applications', s))
    .json()
    .applications.find((a: { id: number }) => a.id === id);
const declare = async (date: string) => {
  const res = await suite.http.post('/api/holidays', admin, { date, name: `Holiday ${date}` });
  expect(res.statusCode).toBe(201);
  return res.json().holiday.id as number;
};
/** The ledger's invariant: an application's pending days are what it still waits for. */
const ledgerOf = async (applicationId: number) =>
  suite.db
    .selectFrom('leave_ledger')
    .select(['kind', 'pending_days', 'used_days'])
    .where('application_id', '=', applicationId)
    .orderBy('id')
    .execute();

describe('counting working days', () => {
  it('leaves weekends and public holidays out of a working-days type, and counts every day of the others', async () => {
    const staff = await suite.signedIn();
    await declare('2026-07-08');
    const types = (await suite.http.get('/api/leave/types', staff)).json().leaveTypes;
    expect(types.find((t: { id: number }) => t.id === annual).working_days_only).toBe(true);
    expect(types.find((t: { id: number }) => t.id === sick).working_days_only).toBe(false);

    // Monday 6 to Tuesday 14 July: 9 days, less a weekend and Wednesday's holiday.
    const query = `leaveTypeId=${annual}&startDate=2026-07-06&endDate=2026-07-14`;
    expect((await suite.http.get(`/api/leave/day-count?${query}`, staff)).json()).toEqual({
      days: 6,
      years: [{ year: 2026, days: 6 }],
    });
    const res = await apply(staff, { leaveTypeId: annual, startDate: '2026-07-06', endDate: '2026-07-14' });
    expect(res.statusCode).toBe(201);
    expect(res.json().application.days_requested).toBe(6);
    expect(await balanceOf(staff, annual)).toMatchObject({ pending_days: 6, remaining_days: 19 });

    // Sick Leave counts the calendar: a week with a weekend and a holiday is 7 days.
    await declare('2026-07-22');
    const ill = await apply(staff, { leaveTypeId: sick, startDate: '2026-07-20', endDate: '2026-07-26' });
    expect(ill.json().application.days_requested).toBe(7);
    expect(await balanceOf(staff, sick)).toMatchObject({ pending_days: 7, remaining_days: 3 });
  });

  it("counts the days the person's department works: a Saturday for a shop that opens on Saturdays", async () => {
    const shop = await suite.signedIn({ department: 'Saturday Shop' });
    await makeSchedule(suite.db, { department: { id: shop.user.departmentId }, workdays: [2, 3, 4, 5, 6] });
    // Monday 6 to Sunday 12 July: Tuesday to Saturday, less Wednesday's holiday (declared above).
    const count = await suite.http.get(
      `/api/leave/day-count?leaveTypeId=${annual}&startDate=2026-07-06&endDate=2026-07-12`,
      shop,
    );
    expect(count.json().days).toBe(4);
  });

  it('counts each day under the schedule version in force that day', async () => {
    const team = await suite.signedIn({ department: 'Changing Team' });
    const departmentId = team.user.departmentId;
    await makeSchedule(suite.db, { department: { id: departmentId }, workdays: [1] });
    await makeSchedule(suite.db, {
      department: { id: departmentId },
      effectiveFrom: '2026-07-09',
      workdays: [1, 2, 3, 4, 5, 6],
    });
    // Monday 6 to Sunday 12 July: Monday under the Mondays-only version, then Thursday to
    // Saturday under the new one (Wednesday is the holiday declared above).
    const count = await suite.http.get(
      `/api/leave/day-count?leaveTypeId=${annual}&startDate=2026-07-06&endDate=2026-07-12`,
      team,
    );
    expect(count.json().days).toBe(4);
  });

  it('refuses a working-days leave that has no working day, naming the field', async () => {
    const staff = await suite.signedIn();
    const weekend = await apply(staff, {
      leaveTypeId: annual,
      startDate: '2026-07-11',
      endDate: '2026-07-12',
    });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().error.details).toEqual([
      expect.objectContaining({ field: 'endDate', rule: 'working_days' }),
    ]);
    expect(weekend.json().error.message).toContain('weekends and public holidays are not counted');
  });
});

describe('half days', () => {
  it('counts an afternoon start and a morning end as half days in the application, balance, ledger and report', async () => {
    const staff = await suite.signedIn();
    // From Monday afternoon to Tuesday evening: 1.5 days.
    const longer = await apply(staff, {
      leaveTypeId: annual,
      startDate: '2026-08-03',
      endDate: '2026-08-04',
      startHalf: 'afternoon',
      endHalf: 'afternoon',
    });
    expect(longer.statusCode).toBe(201);
    expect(longer.json().application).toMatchObject({
      days_requested: 1.5,
      start_half: 'afternoon',
      end_half: null,
    });
    // A Monday morning alone.
    const morning = await apply(staff, {
      leaveTypeId: annual,
      startDate: '2026-08-10',
      endDate: '2026-08-10',
      startHalf: 'morning',
      endHalf: 'morning',
    });
    expect(morning.json().application).toMatchObject({
      days_requested: 0.5,
      start_half: null,
      end_half: 'morning',
    });
    expect(await balanceOf(staff, annual)).toMatchObject({ pending_days: 2, remaining_days: 23 });

    const approved = await suite.http.put(
      `/api/leave/applications/${longer.json().application.id}/status`,
      admin,
      {
        status: 'approved',
      },
    );
    expect(approved.statusCode).toBe(200);
    expect(await balanceOf(staff, annual)).toMatchObject({
      used_days: 1.5,
      pending_days: 0.5,
      remaining_days: 23,
    });
    // The staff dashboard's balance: 23 Annual + 10 Sick + 5 Personal days left.
    const quick = (await suite.http.get('/api/dashboard/quick-stats', staff)).json().quickStats;
    expect(quick.totalLeaveBalance).toBe(38);
    expect(await ledgerOf(longer.json().application.id)).toEqual([
      { kind: 'application_pending', pending_days: 1.5, used_days: 0 },
      { kind: 'application_approved', pending_days: -1.5, used_days: 1.5 },
    ]);
    const entries = (await suite.http.get('/api/leave/my-ledger', staff)).json().entries;
    expect(
      entries.filter((e: { application_id: number }) => e.application_id === morning.json().application.id),
    ).toMatchObject([{ kind: 'application_pending', pending_days: 0.5 }]);

    // The leave report counts what was charged: 1.5 approved days in August.
    const report = (
      await suite.http.get('/api/reports/leave?startDate=2026-08-01&endDate=2026-08-31', admin)
    ).json().report;
    const name = `${staff.user.firstName} ${staff.user.lastName}`;
    expect(report.rows.find((r: { employee: string }) => r.employee === name)).toMatchObject({
      annual: 1.5,
      totalUsed: 1.5,
    });
    expect(report.charts[1].data).toEqual([{ month: '2026-08', days: 1.5 }]);

    // The calendar day list names the half; the month counts half days.
    const day = (await suite.http.get('/api/leave/calendar/day/2026-08-03', staff)).json();
    expect(day.entries).toEqual([expect.objectContaining({ part: 'afternoon' })]);
    const august = (await suite.http.get('/api/leave/calendar/2026/8', staff)).json().events;
    expect(august).toEqual([
      { date: '2026-08-03', approved: 1, pending: 0, half_day: 1 },
      { date: '2026-08-04', approved: 1, pending: 0, half_day: 0 },
      { date: '2026-08-10', approved: 0, pending: 1, half_day: 1 },
    ]);
  });

  it('refuses a single day started in the afternoon and ended in the morning, and halves that are no half', async () => {
    const staff = await suite.signedIn();
    const nonsense = await apply(staff, {
      leaveTypeId: annual,
      startDate: '2026-08-12',
      endDate: '2026-08-12',
      startHalf: 'afternoon',
      endHalf: 'morning',
    });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json().error.details).toEqual([expect.objectContaining({ field: 'endHalf' })]);
    const evening = await apply(staff, {
      leaveTypeId: annual,
      startDate: '2026-08-12',
      endDate: '2026-08-13',
      startHalf: 'evening',
    });
    expect(evening.statusCode).toBe(400);
    expect(JSON.stringify(evening.json().error.details)).toContain('startHalf');
    const count = await suite.http.get(
      `/api/leave/day-count?leaveTypeId=${annual}&startDate=2026-08-12&endDate=2026-08-12&startHalf=afternoon&endHalf=morning`,
      staff,
    );
    expect(count.statusCode).toBe(400);
    expect(count.json().error.details).toEqual([expect.objectContaining({ field: 'endHalf' })]);
  });
});

describe('a public holiday changes the leave it falls in', () => {
  it('shortens approved and pending working-days leave, lengthens it again when removed, and the ledger balances', async () => {
    const approvedOwner = await suite.signedIn();
    const pendingOwner = await suite.signedIn();
    const ill = await suite.signedIn();
    // Monday 7 to Friday 11 September: 5 working days each.
    const a = (
      await apply(approvedOwner, { leaveTypeId: annual, startDate: '2026-09-07', endDate: '2026-09-11' })
    ).json().application.id;
    await suite.http.put(`/api/leave/applications/${a}/status`, admin, { status: 'approved' });
    const p = (
      await apply(pendingOwner, {
        leaveTypeId: annual,
        startDate: '2026-09-07',
        endDate: '2026-09-11',
        endHalf: 'morning',
      })
    ).json().application.id;
    const s = (await apply(ill, { leaveTypeId: sick, startDate: '2026-09-07', endDate: '2026-09-09' })).json()
      .application.id;
    expect((await applicationOf(pendingOwner, p)).days_requested).toBe(4.5);

    const holiday = await declare('2026-09-09');
    expect((await applicationOf(approvedOwner, a)).days_requested).toBe(4);
    expect((await applicationOf(pendingOwner, p)).days_requested).toBe(3.5);
    expect((await applicationOf(ill, s)).days_requested).toBe(3); // calendar days: unchanged
    expect(await balanceOf(approvedOwner, annual)).toMatchObject({
      used_days: 4,
      pending_days: 0,
      remaining_days: 21,
    });
    expect(await balanceOf(pendingOwner, annual)).toMatchObject({ pending_days: 3.5, remaining_days: 21.5 });
    const recounts = await suite.db
      .selectFrom('audit_log')
      .select(['target_id', 'details'])
      .where('action', '=', 'leave.recounted')
      .orderBy('id')
      .execute();
    expect(recounts.map((r) => [r.target_id, r.details])).toEqual([
      [String(a), expect.objectContaining({ before: 5, after: 4, status: 'approved' })],
      [String(p), expect.objectContaining({ before: 4.5, after: 3.5, status: 'pending' })],
    ]);

    // Moved to the Saturday, it no longer falls on a working day: both are whole again.
    expect(
      (await suite.http.put(`/api/holidays/${holiday}`, admin, { date: '2026-09-12', name: 'Moved' }))
        .statusCode,
    ).toBe(200);
    expect((await applicationOf(approvedOwner, a)).days_requested).toBe(5);
    expect((await applicationOf(pendingOwner, p)).days_requested).toBe(4.5);
    await suite.http.put(`/api/holidays/${holiday}`, admin, { date: '2026-09-10', name: 'Back' });
    expect((await applicationOf(pendingOwner, p)).days_requested).toBe(3.5);

    // Removed: lengthened again.
    expect((await suite.http.del(`/api/holidays/${holiday}`, admin)).statusCode).toBe(200);
    expect((await applicationOf(approvedOwner, a)).days_requested).toBe(5);
    expect((await applicationOf(pendingOwner, p)).days_requested).toBe(4.5);
    expect(await balanceOf(approvedOwner, annual)).toMatchObject({ used_days: 5, remaining_days: 20 });

    // Approving the recounted application moves exactly what is pending: nothing stays behind.
    await declare('2026-09-08');
    await suite.http.put(`/api/leave/applications/${p}/status`, admin, { status: 'approved' });
    expect(await balanceOf(pendingOwner, annual)).toMatchObject({
      used_days: 3.5,
      pending_days: 0,
      remaining_days: 21.5,
    });
    const lines = await ledgerOf(p);
    expect(lines.reduce((sum, l) => sum + Number(l.pending_days), 0)).toBe(0);
    expect(lines.reduce((sum, l) => sum + Number(l.used_days), 0)).toBe(3.5);
    expect(lines.filter((l) => l.kind === 'application_recounted')).toHaveLength(5);
  });

  it("recounts the leave that copying last year's holidays covers", async () => {
    const staff = await suite.signedIn();
    const id = (
      await apply(staff, { leaveTypeId: annual, startDate: '2027-05-03', endDate: '2027-05-07' })
    ).json().application.id;
    expect((await applicationOf(staff, id)).days_requested).toBe(5);
    await declare('2026-05-05');
    const copied = await suite.http.post('/api/holidays/copy', admin, { fromYear: 2026, toYear: 2027 });
    expect(copied.statusCode).toBe(201);
    expect((await applicationOf(staff, id)).days_requested).toBe(4);
    const next = (await suite.http.get('/api/leave/my-balance?year=2027', staff)).json().balances;
    expect(next.find((b: { leave_type_id: number }) => b.leave_type_id === annual)).toMatchObject({
      pending_days: 4,
    });
  });
});
