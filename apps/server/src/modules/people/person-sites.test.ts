import { PEOPLE_CSV_COLUMNS } from '@atrium/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAttendance, makeDepartment } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

// A person's site (issue 35): their own overrides their department's; answers give the one in force.
const suite = useSuite();
let headOffice: number;
let warehouse: number;
let depot: number;

beforeAll(async () => {
  headOffice = (await suite.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const made = await suite.db
    .insertInto('sites')
    .values([
      { name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' },
      { name: 'Denver Depot', time_zone: 'America/Denver' },
    ])
    .returning('id')
    .execute();
  [warehouse, depot] = made.map((s) => s.id) as [number, number];
});

let serial = 0;
function newPerson(departmentId: number | null, overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: 'Sita',
    lastName: `Sited${serial}`,
    email: `sita.${serial}@example.test`,
    employeeNumber: `SITE-${serial}`,
    badgeNumber: `SITEB-${serial}`,
    departmentId,
    role: 'staff',
    startDate: '2026-01-05',
    ...overrides,
  };
}

const siteFields = (p: { site_id: number; site: string; home_site_id: number | null }) => ({
  site_id: p.site_id,
  site: p.site,
  home_site_id: p.home_site_id,
});

describe('a person’s site', () => {
  it('follows their department unless they have their own; set, changed and cleared (audited)', async () => {
    const team = await makeDepartment(suite.db, 'Sited Team');
    await suite.db.updateTable('departments').set({ site_id: warehouse }).where('id', '=', team.id).execute();
    const created = await suite.http.post('/api/users', suite.admin, newPerson(team.id));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().person;
    expect(siteFields(created.json().person)).toEqual({
      site_id: warehouse,
      site: 'Singapore Warehouse',
      home_site_id: null,
    });

    const own = await suite.http.patch(`/api/users/${id}`, suite.admin, { siteId: depot });
    expect(own.statusCode, own.body).toBe(200);
    expect(siteFields(own.json().person)).toEqual({
      site_id: depot,
      site: 'Denver Depot',
      home_site_id: depot,
    });
    // The list and the person page say the same.
    const page = (await suite.http.get(`/api/users?department=${team.id}`, suite.admin)).json().users;
    expect(siteFields(page.find((u: { id: number }) => u.id === id))).toEqual(siteFields(own.json().person));
    expect(siteFields((await suite.http.get(`/api/users/${id}`, suite.admin)).json().person)).toEqual(
      siteFields(own.json().person),
    );

    const cleared = await suite.http.patch(`/api/users/${id}`, suite.admin, { siteId: null });
    expect(siteFields(cleared.json().person)).toMatchObject({ site_id: warehouse, home_site_id: null });
    const audits = await suite.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.updated')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([
      { changes: { siteId: { old: null, new: depot } } },
      { changes: { siteId: { old: depot, new: null } } },
    ]);
  });

  it('is the first site for someone without a department or site, and can be given at creation', async () => {
    const bare = await suite.http.post('/api/users', suite.admin, newPerson(null));
    expect(siteFields(bare.json().person)).toEqual({
      site_id: headOffice,
      site: 'Head Office',
      home_site_id: null,
    });
    const placed = await suite.http.post('/api/users', suite.admin, newPerson(null, { siteId: warehouse }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(siteFields(placed.json().person)).toMatchObject({ site_id: warehouse, home_site_id: warehouse });
    const [audit] = await suite.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.created')
      .where('target_id', '=', String(placed.json().person.id))
      .execute();
    expect(audit?.details).toMatchObject({ siteId: warehouse });
  });

  it('refuses an unknown site with a 400 naming siteId', async () => {
    const created = await suite.http.post('/api/users', suite.admin, newPerson(null, { siteId: 999_999 }));
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toEqual([
      { field: 'siteId', rule: 'exists', message: 'The site must be an existing one' },
    ]);
    const { id } = (await suite.http.post('/api/users', suite.admin, newPerson(null))).json().person;
    const edit = await suite.http.patch(`/api/users/${id}`, suite.admin, { siteId: 999_999 });
    expect([edit.statusCode, edit.json().error.details[0].field]).toEqual([400, 'siteId']);
  });

  it('keeps past attendance records as they were when the site changes', async () => {
    const { id } = (await suite.http.post('/api/users', suite.admin, newPerson(null))).json().person;
    await makeAttendance(suite.db, { user: { id }, date: '2026-01-06', checkIn: '09:00' });
    await suite.http.patch(`/api/users/${id}`, suite.admin, { siteId: warehouse });
    const records = await suite.db
      .selectFrom('attendance_records')
      .select(['date', 'check_in_time'])
      .where('user_id', '=', id)
      .execute();
    expect(records).toEqual([{ date: '2026-01-06', check_in_time: new Date('2026-01-06T09:00:00Z') }]);
  });
});

describe('the people import’s site column', () => {
  const header = [...PEOPLE_CSV_COLUMNS, 'Site'].join(',');
  const line = (site: string) => {
    serial += 1;
    return `Imp,Sited${serial},imp.sited.${serial}@example.test,ISITE-${serial},ISITEB-${serial},,staff,,${site}`;
  };
  const post = (body: string, dryRun = false) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/users/import${dryRun ? '?dryRun=1' : ''}`,
      headers: { ...suite.admin.auth, 'content-type': 'text/csv' },
      payload: body,
    });

  it('gives each person the site named (any case); blank follows the department', async () => {
    const rows = [line('singapore warehouse'), line('')];
    const res = await post(`${header}\n${rows.join('\n')}\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(2);
    const people = await suite.db
      .selectFrom('users')
      .select(['email', 'site_id'])
      .where(
        'email',
        'in',
        rows.map((r) => r.split(',')[2]!),
      )
      .orderBy('email')
      .execute();
    expect(people.map((p) => p.site_id).sort()).toEqual([warehouse, null].sort());
  });

  it('names the column of an unknown site, and imports nothing', async () => {
    const rows = [line('Head Office'), line('Atlantis')];
    const res = await post(`${header}\n${rows.join('\n')}\n`, true);
    expect(res.json()).toMatchObject({ rows: 2, valid: 1, errorCount: 1 });
    expect(res.json().errors).toEqual([
      { line: 3, field: 'site', rule: 'unknown', message: 'Site "Atlantis" does not exist' },
    ]);
    expect((await post(`${header}\n${rows.join('\n')}\n`)).statusCode).toBe(400);
  });

  it('reads back an export: who has a site of their own keeps it, who follows the department still does', async () => {
    const team = await makeDepartment(suite.db, 'Round Trip Team');
    await suite.db.updateTable('departments').set({ site_id: warehouse }).where('id', '=', team.id).execute();
    const person = (site: string) => line(site).replace(',,staff,', `,${team.name},staff,`);
    expect((await post(`${header}\n${[person('Denver Depot'), person('')].join('\n')}\n`)).statusCode).toBe(
      200,
    );
    const exportOf = async () =>
      (await suite.http.get(`/api/users/export?department=${team.id}`, suite.admin)).body;
    const exported = await exportOf();
    const lines = exported.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${[...PEOPLE_CSV_COLUMNS, 'site', 'status'].join(',')}`);
    expect(lines.slice(1).map((l) => l.split(',').slice(-2).join(','))).toEqual([
      'Denver Depot,active',
      ',active',
    ]);

    await suite.db.deleteFrom('users').where('department_id', '=', team.id).execute();
    const reimported = await post(exported);
    expect(reimported.statusCode, reimported.body).toBe(200);
    expect(reimported.json().created).toBe(2);
    expect(await exportOf()).toBe(exported);
    const sites = await suite.db
      .selectFrom('users')
      .select(['site_id'])
      .where('department_id', '=', team.id)
      .orderBy('last_name')
      .execute();
    expect(sites.map((u) => u.site_id)).toEqual([depot, null]);
  });
});
