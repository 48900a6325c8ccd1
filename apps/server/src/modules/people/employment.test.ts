import { describe, expect, it } from 'vitest';
import { auditsOf } from '../../../test/attendance';
import { eventually } from '../../../test/eventually';
import { makeAttendance, makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';
import { endPastEmployments } from './employment';

/** Wednesday 8 July 2026, 11:00 in London. */
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T10:00:00Z' });
const TODAY = '2026-07-08';

const overview = async (date: string) =>
  (await suite.http.get(`/api/attendance/overview?date=${date}`, suite.admin)).json().overview;
const teamOf = async (date: string, name: string) =>
  (await overview(date)).departments.find((d: { name: string }) => d.name === name);

describe('a last working day', () => {
  it('must not be before the start date, naming the field', async () => {
    const person = await makeUser(suite.db, { department: 'Span Team', startDate: '2026-07-01' });
    const res = await suite.http.patch(`/api/users/${person.id}`, suite.admin, { endDate: '2026-06-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'endDate', rule: 'after_start' });
    const bad = await suite.http.patch(`/api/users/${person.id}`, suite.admin, { endDate: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('endDate');
    const after = (await suite.http.get(`/api/users/${person.id}`, suite.admin)).json().person;
    expect(after).toMatchObject({ end_date: null, active: true });
  });

  it('in the future keeps them employed and signed in until it has passed', async () => {
    const person = await suite.signedIn({ department: 'Notice Team' });
    const res = await suite.http.patch(`/api/users/${person.user.id}`, suite.admin, {
      endDate: '2026-07-10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({ end_date: '2026-07-10', active: true });
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(200);
    expect((await teamOf(TODAY, 'Notice Team')).total).toBe(1);

    // The sweep the server runs every few minutes, on the morning after the last day.
    const ended = await suite.db
      .transaction()
      .execute((trx) =>
        endPastEmployments(trx, suite.bus, '2026-07-11', { actorUserId: null, ip: null, at: new Date() }),
      );
    expect(ended).toEqual([person.user.id]);
    // Every process (this one too) drops the person's cached sessions when the change arrives.
    await eventually(
      async () => (await suite.http.get('/api/auth/me', person)).statusCode === 401,
      5000,
      'the ended session to be refused',
    );
    expect((await auditsOf(suite.db, 'user.employment_ended', person.user.id)).length).toBe(1);
    // Their days up to the last one still count; the day after, they are nobody's employee.
    expect((await teamOf('2026-07-10', 'Notice Team')).total).toBe(1);
    expect(await teamOf('2026-07-13', 'Notice Team')).toBeUndefined();
  });

  it('already past ends the employment at once; their history stays', async () => {
    const person = await suite.signedIn({ department: 'Past Team' });
    await makeAttendance(suite.db, {
      user: person.user,
      date: '2026-07-06',
      checkIn: '08:00',
      checkOut: '16:00',
    });
    const before = await overview('2026-07-07');
    const res = await suite.http.patch(`/api/users/${person.user.id}`, suite.admin, {
      endDate: '2026-07-07',
    });
    expect(res.json().person).toMatchObject({ end_date: '2026-07-07', active: false });
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(401);
    expect(await overview('2026-07-07')).toEqual(before);
    expect((await teamOf('2026-07-06', 'Past Team')).present).toBe(1);
    expect(await teamOf(TODAY, 'Past Team')).toBeUndefined();
    const list = (
      await suite.http.get(`/api/attendance?date=${TODAY}&search=${person.user.lastName}`, suite.admin)
    ).json();
    expect(list.total).toBe(0);
    const audit = await auditsOf(suite.db, 'user.updated', person.user.id);
    expect(audit[0]!.details).toMatchObject({ changes: { endDate: { old: null, new: '2026-07-07' } } });
  });

  it('is asked for when disabling; enabling someone whose last day has passed clears it', async () => {
    const person = await suite.signedIn({ department: 'Leaver Team' });
    const annual = async () =>
      (await suite.http.get(`/api/users/${person.user.id}`, suite.admin))
        .json()
        .leave_balances.find((b: { leave_type: string }) => b.leave_type === 'Annual Leave').entitled_days;
    expect(await annual()).toBe(25);
    const future = await suite.http.post(`/api/users/${person.user.id}/disable`, suite.admin, {
      endDate: '2026-07-09',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0]).toMatchObject({ field: 'endDate', rule: 'not_in_future' });

    const res = await suite.http.post(`/api/users/${person.user.id}/disable`, suite.admin, {
      endDate: TODAY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({ active: false, end_date: TODAY });
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(401);
    // Today is still their last working day: they count today, disabled or not.
    expect((await teamOf(TODAY, 'Leaver Team')).total).toBe(1);
    const [audit] = await auditsOf(suite.db, 'user.disabled', person.user.id);
    expect(audit!.details).toMatchObject({ endDate: { old: null, new: TODAY } });
    // Employed 1 January to 8 July: 189 of 365 days of 25, to the nearest half day.
    expect(await annual()).toBe(13);

    suite.clock.set('2026-07-09T10:00:00Z');
    try {
      const back = await suite.http.post(`/api/users/${person.user.id}/enable`, suite.admin);
      expect(back.json().person).toMatchObject({ active: true, end_date: null });
      expect(await annual()).toBe(25);
    } finally {
      suite.clock.set('2026-07-08T10:00:00Z');
    }
  });

  it('disabling without one leaves it unset, as before', async () => {
    const person = await makeUser(suite.db, { department: 'Plain Team' });
    const res = await suite.http.post(`/api/users/${person.id}/disable`, suite.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().person).toMatchObject({ active: false, end_date: null });
  });
});
