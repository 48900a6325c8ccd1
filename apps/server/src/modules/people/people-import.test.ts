import { PEOPLE_CSV_COLUMNS, type PeopleImportResponse } from '@atrium/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changeUser, makeDepartment, makeUser } from '../../../test/factories';
import type { LoggedIn } from '../../../test/fixtures';
import { useSuite } from '../../../test/suite';
import { parsePeopleCsv } from './people-csv';

const suite = useSuite();

const HEADER = PEOPLE_CSV_COLUMNS.join(',');
let serial = 0;

/** A valid row for `department`, unique in the file and the organisation unless overridden. */
function row(department: string, over: Partial<Record<(typeof PEOPLE_CSV_COLUMNS)[number], string>> = {}) {
  serial += 1;
  const cells = {
    first_name: 'Imp',
    last_name: `Orted${serial}`,
    email: `imported-${serial}@example.test`,
    employee_number: `IMP-${serial}`,
    badge_number: `IMPB-${serial}`,
    department,
    role: 'staff',
    start_date: '2026-02-02',
    ...over,
  };
  return PEOPLE_CSV_COLUMNS.map((c) => cells[c]).join(',');
}

const csv = (...lines: string[]) => `${[HEADER, ...lines].join('\n')}\n`;

function post(body: string | Buffer, options: { dryRun?: boolean; as?: LoggedIn; type?: string } = {}) {
  return suite.app.inject({
    method: 'POST',
    url: `/api/users/import${options.dryRun ? '?dryRun=1' : ''}`,
    headers: { ...(options.as ?? suite.admin).auth, 'content-type': options.type ?? 'text/csv' },
    payload: body,
  });
}

async function countByEmail(emails: string[]) {
  const found = await suite.db.selectFrom('users').select('email').where('email', 'in', emails).execute();
  return found.length;
}

const emailsOf = (lines: string[]) => lines.map((l) => l.split(',')[2]!.replace(/"/g, ''));

describe('POST /api/users/import', () => {
  it('a file with one bad row writes nothing and names line and field; fixed, it imports every row', async () => {
    const team = await makeDepartment(suite.db, 'Import Team');
    const good = [row(team.name), row(team.name), row(team.name)];
    const bad = row(team.name, { email: 'not-an-email' });
    const file = csv(good[0]!, bad, good[1]!, good[2]!);

    const preview = await post(file, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      rows: 4,
      valid: 3,
      errorCount: 1,
      errors: [
        { line: 3, field: 'email', rule: 'invalid_format', message: 'Email must be a valid email address' },
      ],
      created: 0,
    });

    const refused = await post(file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'The file has 1 error; nothing was imported',
      details: [expect.objectContaining({ line: 3, field: 'email' })],
    });
    expect(await countByEmail(emailsOf(good))).toBe(0);

    const fixed = csv(...good, row(team.name, { email: 'Fixed.Person@Example.test' }));
    const done = await post(fixed);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ rows: 4, valid: 4, errorCount: 0, errors: [], created: 4 });
    const people = await suite.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'department_id', 'role', 'active'])
      .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'))
      .where('email', 'in', [...emailsOf(good), 'fixed.person@example.test'])
      .execute();
    expect(people).toHaveLength(4);
    for (const p of people) {
      expect(p).toMatchObject({ password_hash: null, department_id: team.id, role: 'staff', active: true });
      expect(p.start_date).toBe('2026-02-02');
    }
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'users.imported')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(suite.admin.user.id);
    expect(audit[0]!.details).toMatchObject({ count: 4 });
  });

  it('finds duplicates within the file (naming both lines) and against the database', async () => {
    const existing = await makeUser(suite.db, { department: 'Dup Team' });
    const badge = (
      await suite.db
        .selectFrom('users')
        .select('badge_number')
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow()
    ).badge_number;
    const file = csv(
      row('Dup Team', { email: 'twice@example.test' }),
      row('Dup Team', { email: 'TWICE@example.test' }),
      row('Dup Team', { email: existing.email.toUpperCase() }),
      row('Dup Team', { badge_number: badge }),
      row('Dup Team', { department: 'Nowhere' }),
      row('dup team'),
    );
    const res = await post(file, { dryRun: true });
    const body = res.json() as PeopleImportResponse;
    expect(body).toMatchObject({ rows: 6, valid: 1, errorCount: 5 });
    expect(body.errors.map((e) => [e.line, e.field, e.rule])).toEqual([
      [2, 'email', 'duplicate_in_file'],
      [3, 'email', 'duplicate_in_file'],
      [4, 'email', 'taken'],
      [5, 'badge_number', 'taken'],
      [6, 'department', 'unknown'],
    ]);
    expect(body.errors[0]!.message).toBe('Email twice@example.test is also on line 3');
    expect(body.errors[4]!.message).toBe('Department "Nowhere" does not exist');
    expect((await post(file)).statusCode).toBe(400);
  });

  it('reads quoted cells, commas, CRLF, a byte order mark and blank lines', async () => {
    await makeDepartment(suite.db, 'Research, Development');
    const lines = [
      row('"Research, Development"', { first_name: '"Mary ""Molly"""', last_name: '"O\'Neil, Jr"' }),
      row('Research, Development'.replace(/^/, '"').concat('"'), { start_date: '' }),
    ];
    const file = `\uFEFF${HEADER}\r\n\r\n${lines.join('\r\n')}\r\n\r\n  \r\n`;
    const res = await post(file, { type: 'text/csv; charset=utf-8' });
    expect(res.json()).toMatchObject({ rows: 2, created: 2, errorCount: 0 });
    const molly = await suite.db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'start_date'])
      .where('first_name', '=', 'Mary "Molly"')
      .executeTakeFirstOrThrow();
    expect(molly).toMatchObject({ last_name: "O'Neil, Jr" });
  });

  it('a cell that is not UTF-8, or holds NUL, is an error naming its line and column; nothing is written', async () => {
    await makeDepartment(suite.db, 'Bytes');
    const good = row('Bytes', { first_name: 'Zoë', last_name: 'Voilà' });
    const file = Buffer.concat([
      Buffer.from(csv(row('Bytes', { first_name: 'Jos__' }), row('Bytes', { last_name: 'Lone__' }))),
      Buffer.from(`${row('Bytes', { first_name: 'N\u0000L' })}\n${good}\n`),
    ]);
    // A legacy code page's é (one byte), and a lone surrogate as UTF-8 would write it.
    const bytes = Buffer.from(
      file.toString('latin1').replace('Jos__', 'Jos\u00e9').replace('Lone__', 'Lone\u00ed\u00a0\u0080'),
      'latin1',
    );
    const preview = await post(bytes, { dryRun: true });
    expect(preview.json()).toMatchObject({ rows: 4, valid: 1, errorCount: 3, created: 0 });
    expect(preview.json().errors).toEqual([
      {
        line: 2,
        field: 'first_name',
        rule: 'utf8',
        message: 'First name must be UTF-8 text (save the file as CSV UTF-8)',
      },
      {
        line: 3,
        field: 'last_name',
        rule: 'utf8',
        message: 'Last name must be UTF-8 text (save the file as CSV UTF-8)',
      },
      {
        line: 4,
        field: 'first_name',
        rule: 'custom',
        message: 'First name must not contain control characters (such as NUL)',
      },
    ]);
    expect((await post(bytes)).statusCode).toBe(400);
    expect(await countByEmail(emailsOf([good]))).toBe(0);
    // The other cells of such a file are read as the UTF-8 they are.
    const parsed = parsePeopleCsv(bytes);
    expect(parsed.ok && parsed.people[3]!.cells).toMatchObject({ first_name: 'Zoë', last_name: 'Voilà' });
  });

  it('a Latin-1 file is refused with a 400 naming the encoding and the line; the same names in UTF-8 with a BOM import', async () => {
    await makeDepartment(suite.db, 'Encodings');
    const lines = [
      row('Encodings', { first_name: 'Ana' }),
      row('Encodings', { first_name: 'José', last_name: 'Müller' }),
    ];
    // What Excel's plain "CSV" writes on Windows: one byte per letter, no byte order mark.
    const latin1 = Buffer.from(csv(...lines), 'latin1');
    const refused = await post(latin1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      message:
        'The file is not UTF-8: line 3 has characters in another encoding (save it as "CSV UTF-8"); it has 2 errors and nothing was imported',
      details: [
        expect.objectContaining({ line: 3, field: 'first_name', rule: 'utf8' }),
        expect.objectContaining({ line: 3, field: 'last_name', rule: 'utf8' }),
      ],
    });
    expect(await countByEmail(emailsOf(lines))).toBe(0);

    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(...lines), 'utf8')]);
    expect((await post(utf8)).json()).toMatchObject({ rows: 2, created: 2, errorCount: 0 });
    const jose = await suite.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', emailsOf(lines)[1]!)
      .executeTakeFirstOrThrow();
    expect(jose).toEqual({ first_name: 'José', last_name: 'Müller' });
  });

  it('a header missing a column, or naming an unknown one, is one clear error', async () => {
    const missing = PEOPLE_CSV_COLUMNS.filter((c) => c !== 'badge_number').join(',');
    const res = await post(`${missing}\nA,B,a@example.test,E1,Team,staff,\n`, { dryRun: true });
    expect(res.json()).toEqual({
      rows: 0,
      valid: 0,
      errorCount: 1,
      errors: [
        expect.objectContaining({
          line: 1,
          field: 'header',
          rule: 'missing_column',
          message: expect.stringContaining('missing badge_number'),
        }),
      ],
      created: 0,
    });
    const unknown = await post(`${HEADER},nickname\n`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({ field: 'header', rule: 'unknown_column' });
    const broken = await post(`${HEADER}\n"unclosed,b\n`, { dryRun: true });
    expect(broken.json().errors[0]).toMatchObject({ field: 'file', rule: 'csv' });
  });

  it('refuses a body that is not CSV (415) and one above 5 MB (413)', async () => {
    const json = await suite.http.post('/api/users/import', suite.admin, { rows: [] });
    expect(json.statusCode).toBe(415);
    const huge = await post(`${HEADER}\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect(huge.statusCode).toBe(413);
  });

  it('imports 10,000 rows in one go', async () => {
    await makeDepartment(suite.db, 'Bulk');
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      [
        `Bulk${i}`,
        `Person${i}`,
        `bulk-${i}@example.test`,
        `BULK-${i}`,
        `BULKB-${i}`,
        'Bulk',
        'staff',
        '',
      ].join(','),
    );
    const file = csv(...lines);
    let started = performance.now();
    const preview = await post(file, { dryRun: true });
    const dryMs = performance.now() - started;
    expect(preview.json()).toMatchObject({ rows: 10_000, valid: 10_000, errorCount: 0 });
    started = performance.now();
    const res = await post(file);
    const importMs = performance.now() - started;
    expect(res.json()).toMatchObject({ created: 10_000 });
    console.info(`10,000 people: dry run ${Math.round(dryMs)} ms, import ${Math.round(importMs)} ms`);
    const again = await post(file, { dryRun: true });
    expect(again.json()).toMatchObject({ valid: 0, errorCount: 30_000 });
    expect(again.json().errors).toHaveLength(1000);

    const bulk = await makeDepartment(suite.db, 'Bulk');
    const exported = await suite.http.get(`/api/users/export?department=${bulk.id}`, suite.admin);
    const exportedLines = exported.body.trimEnd().split('\r\n');
    expect(exportedLines).toHaveLength(10_001);
    expect(exportedLines[1]).toBe('Bulk0,Person0,bulk-0@example.test,BULK-0,BULKB-0,Bulk,staff,,,active');
  }, 60_000);
});

describe('GET /api/users/export and the template', () => {
  it('exports the filtered people as CSV, formulas neutralised', async () => {
    const team = await makeDepartment(suite.db, 'Export Team');
    await post(
      csv(
        row(team.name, {
          first_name: '=HYPERLINK("http://evil")',
          last_name: 'Formula',
          email: 'formula@example.test',
        }),
        row(team.name, {
          first_name: 'Plain',
          last_name: 'Person',
          email: 'plain@example.test',
          role: 'admin',
        }),
      ),
    );
    const res = await suite.http.get(`/api/users/export?department=${team.id}`, suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="people-\d{4}-\d\d-\d\d\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER},site,status`);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",Formula,formula@example.test,/);
    expect(lines[2]).toMatch(
      /^Plain,Person,plain@example.test,IMP-\d+,IMPB-\d+,Export Team,admin,2026-02-02,,active$/,
    );

    await changeUser(suite.db, { email: 'plain@example.test' }, { active: false });
    const active = await suite.http.get(`/api/users/export?department=${team.id}`, suite.admin);
    expect(active.body.trimEnd().split('\r\n')).toHaveLength(2);
    const disabled = await suite.http.get(
      `/api/users/export?department=${team.id}&status=disabled`,
      suite.admin,
    );
    expect(disabled.body).toContain('plain@example.test');
    expect(disabled.body).not.toContain('formula@example.test');
    const searched = await suite.http.get('/api/users/export?status=all&search=PLAIN@example', suite.admin);
    expect(searched.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('the template names every column and its example row passes a dry run', async () => {
    const res = await suite.http.get('/api/users/import/template', suite.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="people-template.csv"');
    // With its byte order mark, which the import reads past.
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${HEADER}`);
    const preview = await post(res.body, { dryRun: true });
    expect(preview.json()).toMatchObject({ rows: 1, valid: 1, errorCount: 0 });
  });

  it('answers 403 to staff on all three endpoints', async () => {
    const staff = await suite.signedIn();
    expect((await post(csv(row('Bulk')), { as: staff })).statusCode).toBe(403);
    expect((await post(csv(row('Bulk')), { as: staff, dryRun: true })).statusCode).toBe(403);
    expect((await suite.http.get('/api/users/import/template', staff)).statusCode).toBe(403);
    expect((await suite.http.get('/api/users/export', staff)).statusCode).toBe(403);
  });
});
