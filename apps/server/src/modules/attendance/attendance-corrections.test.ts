import { describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import { makeUser, type TestUser } from '../../../test/factories';

const suite = attendanceSuite();
const { team, departmentId, record, audits } = attendanceHelpers(suite);

describe('corrections and removal', () => {
  it('corrects times with a required reason, recomputes lateness and audits old and new', async () => {
    const [a] = await team('Fix Team', 1);
    const { id } = await record(a!, '2026-07-07', '08:30', '16:30'); // 09:30 BST
    const missing = await suite.http.patch(`/api/attendance/${id}`, suite.admin, {
      check_in_time: '2026-07-07T08:00:00Z',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([expect.objectContaining({ field: 'reason' })]);
    const blank = await suite.http.patch(`/api/attendance/${id}`, suite.admin, {
      check_in_time: '2026-07-07T08:00:00Z',
      reason: '  ',
    });
    expect(blank.statusCode).toBe(400);

    const res = await suite.http.patch(`/api/attendance/${id}`, suite.admin, {
      check_in_time: '2026-07-07T08:25:00Z',
      check_out_time: '2026-07-07T17:00:00Z',
      reason: 'Badge reader was down',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().record).toMatchObject({
      id,
      user_id: a!.id,
      check_in_time: '2026-07-07T08:25:00.000Z',
      check_out_time: '2026-07-07T17:00:00.000Z',
      hours: 8.58,
      late: true,
      source: 'correction',
      attendance_status: 'complete',
    });
    const [entry] = await audits('attendance.corrected', id);
    expect(entry!.details).toEqual({
      userId: a!.id,
      date: '2026-07-07',
      reason: 'Badge reader was down',
      old: {
        check_in_time: '2026-07-07T08:30:00.000Z',
        check_out_time: '2026-07-07T16:30:00.000Z',
        source: 'web',
      },
      new: {
        check_in_time: '2026-07-07T08:25:00.000Z',
        check_out_time: '2026-07-07T17:00:00.000Z',
        source: 'correction',
      },
    });
  });

  it('refuses impossible corrections', async () => {
    const [a] = await team('Bad Fix', 1);
    const { id } = await record(a!, '2026-07-07', '08:00', '16:00');
    const cases: [object, string][] = [
      [{ check_out_time: '2026-07-07T07:00:00Z', reason: 'x' }, 'after_check_in'],
      [{ check_in_time: '2026-07-06T08:00:00Z', reason: 'x' }, 'same_day'],
      [{ check_out_time: '2026-07-09T08:00:00Z', reason: 'x' }, 'not_in_future'],
    ];
    for (const [body, rule] of cases) {
      const res = await suite.http.patch(`/api/attendance/${id}`, suite.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].rule).toBe(rule);
    }
    expect(
      (
        await suite.http.patch('/api/attendance/99999', suite.admin, {
          check_in_time: '2026-07-07T08:00:00Z',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('tells the person, their managers and the admins about every admin change, live', async () => {
    const [a, b] = await team('Live Team', 2);
    const { id } = await record(a!, '2026-07-07', '08:00', '16:00');
    const seen: unknown[] = [];
    const stop = suite.bus.subscribe((e) => {
      if (e.kind === 'live' && e.type === 'attendance_update') seen.push({ ...e.data, audience: e.audience });
    });
    await suite.http.patch(`/api/attendance/${id}`, suite.admin, {
      check_in_time: '2026-07-07T07:55:00Z',
      reason: 'x',
    });
    await suite.http.del(`/api/attendance/${id}`, suite.admin, { reason: 'x' });
    await suite.http.post('/api/attendance/bulk-mark-present', suite.admin, {
      userIds: [b!.id],
      date: '2026-07-07',
    });
    await expect.poll(() => seen.length, { timeout: 3000 }).toBe(3);
    stop();
    expect(seen).toEqual([
      {
        userId: a!.id,
        date: '2026-07-07',
        action: 'corrected',
        audience: { userIds: [a!.id], admins: true, team: true },
      },
      {
        userId: a!.id,
        date: '2026-07-07',
        action: 'deleted',
        audience: { userIds: [a!.id], admins: true, team: true },
      },
      {
        userId: b!.id,
        date: '2026-07-07',
        action: 'bulk_present',
        audience: { userIds: [b!.id], admins: true, team: true },
      },
    ]);
  });

  it('deletes with a required reason, audited with the old values', async () => {
    const [a] = await team('Delete Team', 1);
    const { id } = await record(a!, '2026-07-07', '08:00', '16:00');
    expect((await suite.http.del(`/api/attendance/${id}`, suite.admin, {})).statusCode).toBe(400);
    const res = await suite.http.del(`/api/attendance/${id}`, suite.admin, {
      reason: 'Entered for the wrong person',
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await audits('attendance.deleted', id);
    expect(entry!.details).toMatchObject({
      reason: 'Entered for the wrong person',
      old: { check_in_time: '2026-07-07T08:00:00.000Z' },
    });
    expect((await suite.http.del(`/api/attendance/${id}`, suite.admin, { reason: 'again' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/attendance/export', () => {
  it('downloads one CSV row per person per day, quoted, with formulas neutralised', async () => {
    const person = await makeUser(suite.db, {
      department: '@Ops, "North"',
      employeeNumber: '-E1',
      badgeNumber: 'XB-1',
      firstName: '=HYPERLINK("http://x")',
      lastName: '+Smith, Jr',
      email: 'csv.person@example.test',
    });
    await record(person, '2026-07-06', '08:00', '16:30');
    const res = await suite.http.post('/api/attendance/export', suite.admin, {
      userIds: [person.id],
      startDate: '2026-07-04',
      endDate: '2026-07-07',
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-2026-07-08.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    // The byte order mark first (http/csv-reply.ts): Excel reads the names as UTF-8.
    expect(lines[0]).toBe(
      '\uFEFFDate,Employee Number,First Name,Last Name,Email,Department,Check In,Check Out,Hours,Status,Late,Early Exit,Source,Leave Type',
    );
    const name = `'-E1,"'=HYPERLINK(""http://x"")","'+Smith, Jr",csv.person@example.test,"'@Ops, ""North"""`;
    expect(lines.slice(1)).toEqual([
      `2026-07-04,${name},,,,Not scheduled,no,no,,`,
      `2026-07-05,${name},,,,Not scheduled,no,no,,`,
      `2026-07-06,${name},09:00,17:30,8.50,Complete,no,no,web,`,
      `2026-07-07,${name},,,,Absent,no,no,,`,
    ]);
  });

  it('exports everyone when no ids are given and refuses unknown ids', async () => {
    const all = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: '2026-07-07',
      endDate: '2026-07-07',
      format: 'csv',
    });
    const people = await suite.db.selectFrom('users').select('id').where('active', '=', true).execute();
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(people.length + 1);
    const unknown = await suite.http.post('/api/attendance/export', suite.admin, {
      userIds: [424242],
      startDate: '2026-07-07',
      endDate: '2026-07-07',
      format: 'csv',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown user id: 424242');
    const xlsx = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: '2026-07-07',
      endDate: '2026-07-07',
      format: 'xlsx',
    });
    expect(xlsx.statusCode).toBe(400);
  });

  it('orders by date, then last name as people read it (not byte order), then id', async () => {
    const names = ['zhang', 'de Vries', 'Ångström', 'Davis', 'Young', 'Davis'];
    const people: TestUser[] = [];
    for (const lastName of names)
      people.push(await makeUser(suite.db, { department: 'Export Order Team', lastName }));
    const res = await suite.http.post('/api/attendance/export', suite.admin, {
      startDate: '2026-07-06',
      endDate: '2026-07-07',
      department: await departmentId('Export Order Team'),
    });
    const rows = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    const byName = people
      .map((p, i) => ({ email: p.email, last: names[i]!, id: p.id }))
      .sort((a, b) => a.last.localeCompare(b.last) || a.id - b.id)
      .map((p) => p.email);
    expect(byName.map((email) => names[people.findIndex((p) => p.email === email)])).toEqual([
      'Ångström',
      'Davis',
      'Davis',
      'de Vries',
      'Young',
      'zhang',
    ]);
    expect(rows.map((r) => [r[0], r[4]])).toEqual([
      ...byName.map((email) => ['2026-07-06', email]),
      ...byName.map((email) => ['2026-07-07', email]),
    ]);
  });

  it("narrows to the list's department and search filters, the same people the list shows", async () => {
    const [a, b] = await team('Export Filter Team', 2);
    const dep = await departmentId('Export Filter Team');
    const emailsOf = (csv: string) =>
      csv
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[4]);
    const exported = async (filters: Record<string, unknown>) => {
      const res = await suite.http.post('/api/attendance/export', suite.admin, {
        startDate: '2026-07-07',
        endDate: '2026-07-07',
        ...filters,
      });
      expect(res.statusCode).toBe(200);
      return emailsOf(res.body).sort();
    };
    const listed = async (query: string) => {
      const res = await suite.http.get(`/api/attendance?date=2026-07-07&pageSize=200&${query}`, suite.admin);
      return res
        .json()
        .attendance.map((r: { email: string }) => r.email)
        .sort();
    };

    expect(await exported({ department: dep })).toEqual([a!.email, b!.email].sort());
    expect(await exported({ department: dep })).toEqual(await listed(`department=${dep}`));
    // Search matches name, email or department name, on the server, as in the list.
    expect(await exported({ search: a!.email.toUpperCase() })).toEqual([a!.email]);
    expect(await exported({ search: 'export filter' })).toEqual(await listed('search=export%20filter'));
    expect(await exported({ department: dep, search: 'nobody-has-this' })).toEqual([]);
  });
});

describe('overview and people', () => {
  it('computes the organisation figures for a picked date', async () => {
    const [a, b, c] = await team('Overview Team', 3);
    await record(a!, '2026-07-07', '08:00', '16:30');
    await record(b!, '2026-07-07', '08:30');
    const res = await suite.http.get('/api/attendance/overview?date=2026-07-07', suite.admin);
    expect(res.statusCode).toBe(200);
    const overview = res.json().overview;
    expect(overview.departments).toContainEqual({
      id: await departmentId('Overview Team'),
      name: 'Overview Team',
      total: 3,
      present: 2,
      scheduled: true,
    });
    const people = await suite.db.selectFrom('users').select('id').where('active', '=', true).execute();
    expect(overview.totalEmployees).toBe(people.length);
    const present = await suite.db
      .selectFrom('attendance_records')
      .select('id')
      .where('date', '=', '2026-07-07')
      .execute();
    expect(overview.present).toBe(present.length);
    expect(overview.absent).toBe(overview.totalEmployees - overview.present);
    void c;
  });

  it('lists active people with their department for admins', async () => {
    const res = await suite.http.get('/api/users', suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toContainEqual(
      expect.objectContaining({
        id: suite.admin.user.id,
        email: suite.admin.user.email,
        department_name: 'Admins',
      }),
    );
  });
});
