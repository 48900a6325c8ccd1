import { describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import { login } from '../../../test/fixtures';
import type { Method } from '../../../test/suite';

const suite = attendanceSuite();
const { team, departmentId, record, audits } = attendanceHelpers(suite);

describe('GET /api/attendance', () => {
  it('lists records and computes absent rows for scheduled people without one', async () => {
    const [a, b, c] = await team('List Team', 3);
    await record(a!, '2026-07-07', '08:00', '16:30');
    await record(b!, '2026-07-07', '08:20');
    const dep = await departmentId('List Team');
    const res = await suite.http.get(`/api/attendance?date=2026-07-07&department=${dep}`, suite.admin);
    expect(res.statusCode).toBe(200);
    const { attendance, total } = res.json();
    expect(total).toBe(3);
    const byUser = Object.fromEntries(attendance.map((r: { user_id: number }) => [r.user_id, r]));
    expect(byUser[a!.id]).toMatchObject({
      attendance_status: 'complete',
      hours: 8.5,
      department_name: 'List Team',
      date: '2026-07-07',
      source: 'web',
      forgotten_checkout: false,
    });
    expect(byUser[b!.id]).toMatchObject({
      attendance_status: 'checked_in',
      hours: null,
      forgotten_checkout: true,
    });
    expect(byUser[c!.id]).toMatchObject({
      id: null,
      attendance_status: 'absent',
      check_in_time: null,
      check_out_time: null,
      email: c!.email,
    });
    const absent = await suite.http.get(
      `/api/attendance?date=2026-07-07&department=${dep}&status=absent`,
      suite.admin,
    );
    expect(absent.json().attendance.map((r: { user_id: number }) => r.user_id)).toEqual([c!.id]);
    const complete = await suite.http.get(
      `/api/attendance?date=2026-07-07&department=${dep}&status=complete`,
      suite.admin,
    );
    expect(complete.json().total).toBe(1);
  });

  it('shows no absent rows on unscheduled days nor in the future', async () => {
    await team('Weekend Off', 2);
    const dep = await departmentId('Weekend Off');
    const saturday = await suite.http.get(`/api/attendance?date=2026-07-04&department=${dep}`, suite.admin);
    expect(saturday.json()).toMatchObject({ attendance: [], total: 0 });
    const future = await suite.http.get(`/api/attendance?date=2026-07-10&department=${dep}`, suite.admin);
    expect(future.json().total).toBe(0);
  });

  it('searches name, email and department case-insensitively, and paginates', async () => {
    const people = await team('Paging Team', 5);
    const dep = await departmentId('Paging Team');
    const page2 = await suite.http.get(
      `/api/attendance?startDate=2026-07-06&endDate=2026-07-07&department=${dep}&page=2&pageSize=4`,
      suite.admin,
    );
    expect(page2.json()).toMatchObject({ total: 10, page: 2, pageSize: 4 });
    expect(page2.json().attendance).toHaveLength(4);
    const last = await suite.http.get(
      `/api/attendance?date=2026-07-07&department=${dep}&page=2&pageSize=4`,
      suite.admin,
    );
    expect(last.json().attendance).toHaveLength(1);
    const byDepartment = await suite.http.get(
      '/api/attendance?date=2026-07-07&search=pAgInG%20tEaM',
      suite.admin,
    );
    expect(byDepartment.json().total).toBe(5);
    const tag = people[2]!.email.slice(6, 14).toUpperCase();
    const byEmail = await suite.http.get(`/api/attendance?date=2026-07-07&search=${tag}`, suite.admin);
    expect(byEmail.json().attendance.map((r: { user_id: number }) => r.user_id)).toEqual([people[2]!.id]);
    const wildcard = await suite.http.get(
      `/api/attendance?date=2026-07-07&department=${dep}&search=%25`,
      suite.admin,
    );
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await suite.http.get('/api/attendance?startDate=2026-07-07&endDate=2026-07-01', suite.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'endDate', rule: 'after_start' }),
    ]);
  });

  it('gives staff only their own records, whatever they ask for', async () => {
    const [me, other] = await team('Own Team', 2);
    await record(me!, '2026-07-07', '08:00', '16:00');
    await record(other!, '2026-07-07', '08:00', '16:00');
    const session = await login(suite.app, me!);
    const dep = await departmentId('Own Team');
    for (const query of [
      `date=2026-07-07`,
      `date=2026-07-07&userId=${other!.id}`,
      `date=2026-07-07&department=${dep}`,
    ]) {
      const res = await suite.http.get(`/api/attendance?${query}`, session);
      expect(res.statusCode).toBe(200);
      expect(res.json().attendance.map((r: { user_id: number }) => r.user_id)).toEqual([me!.id]);
    }
  });
});

describe('admin-only routes', () => {
  it('answers 403 to staff on every admin route', async () => {
    const [staff] = await team('Forbidden Team', 1);
    const session = await login(suite.app, staff!);
    const { id } = await record(staff!, '2026-07-07', '08:00');
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/attendance/bulk-mark-present', { userIds: [staff!.id], date: '2026-07-07' }],
      ['POST', '/api/attendance/bulk-mark-absent', { userIds: [staff!.id], date: '2026-07-07' }],
      ['PATCH', `/api/attendance/${id}`, { check_in_time: '2026-07-07T07:00:00Z', reason: 'mine' }],
      ['DELETE', `/api/attendance/${id}`, { reason: 'mine' }],
      ['POST', '/api/attendance/export', { startDate: '2026-07-07', endDate: '2026-07-07', format: 'csv' }],
      ['GET', '/api/attendance/overview'],
      ['GET', '/api/users'],
      ['GET', '/api/dashboard/stats'],
      ['GET', '/api/dashboard/system-health'],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await suite.http.request(method, url, session, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const rows = await suite.db.selectFrom('attendance_records').selectAll().where('id', '=', id).execute();
    expect(rows[0]!.check_out_time).toBeNull();
  });
});

describe('bulk marking', () => {
  it('marks present idempotently with the schedule hours, in one audited step', async () => {
    const [a, b] = await team('Bulk Team', 2);
    const body = { userIds: [a!.id, b!.id], date: '2026-07-07' };
    const first = await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().bulk).toEqual({ action: 'present', date: '2026-07-07', changed: 2, unchanged: 0 });
    const again = await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, body);
    expect(again.json().bulk).toMatchObject({ changed: 0, unchanged: 2 });
    const rows = await suite.db
      .selectFrom('attendance_records')
      .selectAll()
      .where('user_id', 'in', body.userIds)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      source: 'bulk',
      created_by: suite.admin.user.id,
      check_in_time: new Date('2026-07-07T08:00:00Z'),
      check_out_time: new Date('2026-07-07T16:30:00Z'),
      late: false,
    });
    expect(await audits('attendance.created', rows[0]!.id)).toHaveLength(1);
  });

  it('uses one rule for today and a past day: the schedule start, and its end once passed', async () => {
    const [a] = await team('Bulk Today', 1);
    await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
      userIds: [a!.id],
      date: '2026-07-08',
    });
    const row = await suite.db
      .selectFrom('attendance_records')
      .selectAll()
      .where('user_id', '=', a!.id)
      .executeTakeFirstOrThrow();
    // 15:00 BST on a 09:00-17:30 day: in at the schedule's start (not now), out not yet.
    expect(row.check_in_time).toEqual(new Date('2026-07-08T08:00:00Z'));
    expect(row.check_out_time).toBeNull();
  });

  it('marks absent by removing the record, keeping the old values in the audit log', async () => {
    const [a, b] = await team('Absent Team', 2);
    const { id } = await record(a!, '2026-07-07', '08:00', '16:30');
    const res = await suite.http.post('/api/attendance/bulk-mark-absent', suite.admin, {
      userIds: [a!.id, b!.id],
      date: '2026-07-07',
    });
    expect(res.json().bulk).toEqual({ action: 'absent', date: '2026-07-07', changed: 1, unchanged: 1 });
    const again = await suite.http.post('/api/attendance/bulk-mark-absent', suite.admin, {
      userIds: [a!.id],
      date: '2026-07-07',
    });
    expect(again.json().bulk).toMatchObject({ changed: 0, unchanged: 1 });
    const [entry] = await audits('attendance.deleted', id);
    expect(entry!.details).toMatchObject({
      userId: a!.id,
      date: '2026-07-07',
      old: { check_in_time: '2026-07-07T08:00:00.000Z', check_out_time: '2026-07-07T16:30:00.000Z' },
    });
    expect(entry!.actor_user_id).toBe(suite.admin.user.id);
  });

  it('refuses unknown ids with a 400 naming them, and changes nothing', async () => {
    const [a] = await team('Unknown Team', 1);
    const res = await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
      userIds: [a!.id, 999_991, 999_992],
      date: '2026-07-07',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Unknown user ids: 999991, 999992',
      details: [{ field: 'userIds', rule: 'unknown' }],
    });
    const rows = await suite.db
      .selectFrom('attendance_records')
      .selectAll()
      .where('user_id', '=', a!.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses an empty selection and a future date', async () => {
    const [a] = await team('Bad Bulk', 1);
    const empty = await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
      userIds: [],
      date: '2026-07-07',
    });
    expect(empty.statusCode).toBe(400);
    const future = await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
      userIds: [a!.id],
      date: '2026-07-09',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0]).toMatchObject({ field: 'date', rule: 'not_in_future' });
  });
});
