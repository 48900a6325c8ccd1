import { describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import { recordEvents } from '../../../test/events';

// Europe/London, Wednesday 8 July 2026 15:00 BST; the schedule is 09:00-17:30 local (08:00-16:30 UTC).
const suite = attendanceSuite();
const { record, audits } = attendanceHelpers(suite);
const URL = '/api/attendance/correction-requests';

/** A signed-in person of their own department, so schedules are the default's. */
const person = () => suite.signedIn({ department: 'Requests Team' });

describe('correction requests', () => {
  it('staff ask for a missed check-out; the admin approves and the day is corrected, audited and announced', async () => {
    const staff = await person();
    const { id: recordId } = await record(staff.user, '2026-07-07', '07:58');
    const live = recordEvents(suite.bus);

    const made = await suite.http.post(URL, staff, {
      date: '2026-07-07',
      check_out_time: '2026-07-07T16:35:00Z',
      reason: ' Forgot to check out ',
    });
    expect(made.statusCode).toBe(201);
    const request = made.json().request;
    expect(request).toMatchObject({
      user: { id: staff.user.id },
      date: '2026-07-07',
      record_id: recordId,
      recorded_check_in_time: '2026-07-07T07:58:00.000Z',
      recorded_check_out_time: null,
      check_in_time: null,
      check_out_time: '2026-07-07T16:35:00.000Z',
      reason: 'Forgot to check out',
      status: 'pending',
      decided_by: null,
    });
    // The admins' queue hears of it at once.
    const announced = await live.waitFor(
      (e) => e.kind === 'live' && e.type === 'attendance_request_update' && e.data.requestId === request.id,
    );
    expect(announced).toMatchObject({
      data: { requestId: request.id, userId: staff.user.id, date: '2026-07-07', status: 'pending' },
      audience: { userIds: [staff.user.id], admins: true },
    });

    const queue = await suite.http.get(`${URL}?status=pending`, suite.admin);
    expect(queue.json().requests.map((r: { id: number }) => r.id)).toContain(request.id);

    const approved = await suite.http.post(`${URL}/${request.id}/approve`, suite.admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({
      status: 'approved',
      decided_by: { id: suite.admin.user.id },
      decided_at: '2026-07-08T14:00:00.000Z',
      recorded_check_out_time: '2026-07-07T16:35:00.000Z',
    });
    expect(approved.json().record).toMatchObject({
      id: recordId,
      check_in_time: '2026-07-07T07:58:00.000Z',
      check_out_time: '2026-07-07T16:35:00.000Z',
      attendance_status: 'complete',
      source: 'correction',
      late: false,
      early_exit: false,
    });

    const [corrected] = await audits('attendance.corrected', recordId);
    expect(corrected).toMatchObject({
      actor_user_id: suite.admin.user.id,
      details: {
        requestId: request.id,
        reason: `Correction request #${request.id}: Forgot to check out`,
        old: { check_out_time: null, source: 'web' },
        new: { check_out_time: '2026-07-07T16:35:00.000Z', source: 'correction' },
      },
    });
    expect(await audits('attendance_request.created', request.id)).toHaveLength(1);
    const [decision] = await audits('attendance_request.approved', request.id);
    expect(decision).toMatchObject({ actor_user_id: suite.admin.user.id, details: { recordId } });

    await live.waitFor(
      (e) => e.kind === 'live' && e.type === 'attendance_update' && e.data.userId === staff.user.id,
    );
    await live.waitFor(
      (e) => e.kind === 'live' && e.type === 'attendance_request_update' && e.data.status === 'approved',
    );
    live.stop();
  });

  it('a missed day gets a record on approval, judged late by the schedule', async () => {
    const staff = await person();
    const made = await suite.http.post(URL, staff, {
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:30:00Z',
      check_out_time: '2026-07-06T16:00:00Z',
      reason: 'Badge at home, worked all day',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().request.record_id).toBeNull();
    const approved = await suite.http.post(`${URL}/${made.json().request.id}/approve`, suite.admin);
    expect(approved.statusCode).toBe(200);
    const day = approved.json().record;
    expect(day).toMatchObject({
      user_id: staff.user.id,
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:30:00.000Z',
      check_out_time: '2026-07-06T16:00:00.000Z',
      late: true,
      early_exit: true,
      source: 'correction',
    });
    expect(approved.json().request.record_id).toBe(day.id);
    const [created] = await audits('attendance.created', day.id);
    expect(created!.details).toMatchObject({
      requestId: made.json().request.id,
      new: { source: 'correction' },
    });

    // The person's own list shows the corrected day.
    const mine = await suite.http.get('/api/attendance?startDate=2026-07-06&endDate=2026-07-06', staff);
    expect(mine.json().attendance[0]).toMatchObject({ attendance_status: 'complete', source: 'correction' });
  });

  it('refuses what cannot be right, naming the field and the rule', async () => {
    // Of the same team, employed from 2 July.
    const staff = await suite.signedIn({ department: 'Requests Team', startDate: '2026-07-02' });
    await record(staff.user, '2026-07-03', '08:00', '16:30');
    const cases: [object, string, string][] = [
      [{ date: '2026-07-09', check_in_time: '2026-07-09T08:00:00Z' }, 'date', 'not_in_future'],
      [{ date: '2026-07-01', check_in_time: '2026-07-01T08:00:00Z' }, 'date', 'before_start_date'],
      [
        { date: '2026-07-06', check_in_time: '2026-07-06T09:00:00Z', check_out_time: '2026-07-06T08:00:00Z' },
        'check_out_time',
        'after_check_in',
      ],
      [{ date: '2026-07-06', check_in_time: '2026-07-05T09:00:00Z' }, 'check_in_time', 'same_day'],
      [
        { date: '2026-07-06', check_out_time: '2026-07-06T16:30:00Z' },
        'check_in_time',
        'required_without_record',
      ],
      [{ date: '2026-07-08', check_in_time: '2026-07-08T15:00:00Z' }, 'check_in_time', 'not_in_future'],
      [{ date: '2026-07-03', check_out_time: '2026-07-03T07:00:00Z' }, 'check_out_time', 'after_check_in'],
      [{ date: '2026-07-03', check_out_time: '2026-07-03T16:30:00Z' }, 'check_in_time', 'no_change'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await suite.http.post(URL, staff, { ...body, reason: 'x' });
      expect(res.statusCode, `${field} ${rule}`).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field, rule })]);
    }
    const noReason = await suite.http.post(URL, staff, {
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:00:00Z',
    });
    expect(noReason.json().error.details).toEqual([expect.objectContaining({ field: 'reason' })]);
    const noTimes = await suite.http.post(URL, staff, { date: '2026-07-06', reason: 'x' });
    expect(noTimes.statusCode).toBe(400);
    expect(noTimes.json().error.details).toEqual([expect.objectContaining({ field: 'check_in_time' })]);
  });

  it('allows one pending request per day; a cancelled one makes room', async () => {
    const staff = await person();
    const body = { date: '2026-07-06', check_in_time: '2026-07-06T08:00:00Z', reason: 'Forgot' };
    const first = await suite.http.post(URL, staff, body);
    expect(first.statusCode).toBe(201);
    const second = await suite.http.post(URL, staff, body);
    expect(second.statusCode).toBe(409);
    const cancelled = await suite.http.post(`${URL}/${first.json().request.id}/cancel`, staff);
    expect(cancelled.json().request).toMatchObject({
      status: 'cancelled',
      decided_by: { id: staff.user.id },
    });
    expect(await audits('attendance_request.cancelled', first.json().request.id)).toHaveLength(1);
    expect((await suite.http.post(`${URL}/${first.json().request.id}/cancel`, staff)).statusCode).toBe(409);
    expect((await suite.http.post(`${URL}/${first.json().request.id}/approve`, suite.admin)).statusCode).toBe(
      409,
    );
    expect((await suite.http.post(URL, staff, body)).statusCode).toBe(201);
  });

  it('a rejection changes nothing and tells the person why', async () => {
    const staff = await person();
    const { id: recordId } = await record(staff.user, '2026-07-07', '08:20', '16:30');
    const made = await suite.http.post(URL, staff, {
      date: '2026-07-07',
      check_in_time: '2026-07-07T07:55:00Z',
      reason: 'I was in early',
    });
    const id = made.json().request.id;
    const rejected = await suite.http.post(`${URL}/${id}/reject`, suite.admin, {
      reason: 'The door log says 09:20',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request).toMatchObject({
      status: 'rejected',
      decision_reason: 'The door log says 09:20',
    });
    const [entry] = await audits('attendance_request.rejected', id);
    expect(entry!.details).toMatchObject({ reason: 'The door log says 09:20' });
    expect(await audits('attendance.corrected', recordId)).toHaveLength(0);
    const mine = await suite.http.get(`${URL}/mine`, staff);
    expect(mine.json().requests[0]).toMatchObject({
      id,
      status: 'rejected',
      decision_reason: 'The door log says 09:20',
      recorded_check_in_time: '2026-07-07T08:20:00.000Z',
    });
    // Without a reason a rejection is still a rejection.
    const again = await suite.http.post(URL, staff, {
      date: '2026-07-07',
      check_in_time: '2026-07-07T07:56:00Z',
      reason: 'Really',
    });
    const plain = await suite.http.post(`${URL}/${again.json().request.id}/reject`, suite.admin, {});
    expect(plain.json().request).toMatchObject({ status: 'rejected', decision_reason: null });
  });

  it('keeps each person to their own requests; deciding is for admins, never on their own', async () => {
    const alice = await person();
    const bob = await person();
    const made = await suite.http.post(URL, alice, {
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:00:00Z',
      reason: 'Mine',
    });
    const id = made.json().request.id;
    expect((await suite.http.post(`${URL}/${id}/cancel`, bob)).statusCode).toBe(404);
    expect((await suite.http.post(`${URL}/${id}/cancel`, suite.admin)).statusCode).toBe(404);
    expect((await suite.http.post(`${URL}/${id}/approve`, bob)).statusCode).toBe(403);
    expect((await suite.http.post(`${URL}/${id}/reject`, bob, {})).statusCode).toBe(403);
    expect((await suite.http.get(URL, bob)).statusCode).toBe(403);
    expect((await suite.http.get(`${URL}/mine`, bob)).json().requests).toEqual([]);
    expect((await suite.http.post(`${URL}/999999/approve`, suite.admin)).statusCode).toBe(404);

    // An administrator is staff too: they may ask, but another administrator decides.
    const own = await suite.http.post(URL, suite.admin, {
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:00:00Z',
      reason: 'Admin forgot too',
    });
    expect(own.statusCode).toBe(201);
    const refused = await suite.http.post(`${URL}/${own.json().request.id}/approve`, suite.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'not_your_approval',
      message: 'You cannot decide your own correction request',
    });
  });

  it('one decision wins when two admins act at once; a day that lost its record cannot take a check-out alone', async () => {
    const staff = await person();
    const other = await suite.signedIn({ role: 'admin', department: 'Admins' });
    const made = await suite.http.post(URL, staff, {
      date: '2026-07-06',
      check_in_time: '2026-07-06T08:00:00Z',
      reason: 'Race',
    });
    const id = made.json().request.id;
    const answers = await Promise.all([
      suite.http.post(`${URL}/${id}/approve`, suite.admin),
      suite.http.post(`${URL}/${id}/reject`, other, { reason: 'No' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const records = await suite.db
      .selectFrom('attendance_records')
      .select('id')
      .where('user_id', '=', staff.user.id)
      .execute();
    expect(records).toHaveLength(answers[0]!.statusCode === 200 ? 1 : 0);

    const { id: recordId } = await record(staff.user, '2026-07-07', '08:00');
    const outOnly = await suite.http.post(URL, staff, {
      date: '2026-07-07',
      check_out_time: '2026-07-07T16:30:00Z',
      reason: 'Forgot to check out',
    });
    await suite.http.del(`/api/attendance/${recordId}`, suite.admin, { reason: 'Wrong person' });
    const refused = await suite.http.post(`${URL}/${outOnly.json().request.id}/approve`, suite.admin);
    expect(refused.statusCode).toBe(409);
    const still = await suite.http.get(`${URL}/mine`, staff);
    expect(still.json().requests[0]).toMatchObject({ status: 'pending', recorded_check_in_time: null });
  });

  it('pages by keyset: mine newest first, the pending queue oldest first', async () => {
    const staff = await person();
    const ids: number[] = [];
    for (const date of ['2026-07-01', '2026-07-02', '2026-07-03']) {
      const res = await suite.http.post(URL, staff, {
        date,
        check_in_time: `${date}T08:00:00Z`,
        reason: 'x',
      });
      ids.push(res.json().request.id);
    }
    const first = (await suite.http.get(`${URL}/mine?limit=2`, staff)).json();
    expect(first.requests.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    const rest = (await suite.http.get(`${URL}/mine?limit=2&cursor=${first.next_cursor}`, staff)).json();
    expect(rest).toEqual({ requests: [expect.objectContaining({ id: ids[0] })], next_cursor: null });

    const queue = (await suite.http.get(`${URL}?status=pending&limit=100`, suite.admin)).json();
    const order = queue.requests.map((r: { id: number }) => r.id).filter((id: number) => ids.includes(id));
    expect(order).toEqual(ids);
    expect((await suite.http.get(`${URL}/mine?cursor=abc`, staff)).statusCode).toBe(400);
  });
});
