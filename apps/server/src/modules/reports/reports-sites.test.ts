import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAccessEvents,
  makeAccessPoint,
  makeAttendance,
  makeCounter,
  makeCountingWindows,
  makeDevice,
  makeHoliday,
  makeUser,
  type TestUser,
} from '../../../test/factories';
import { departmentAt, makeSite, setPersonSite } from '../../../test/site-days';
import { type Session, useSuite } from '../../../test/suite';

// Friday 20 November 2026, 18:00 UTC (Saturday 02:00 in Singapore).
const suite = useSuite({ now: '2026-11-20T18:00:00Z' });
const RANGE = 'startDate=2026-11-02&endDate=2026-11-13';
const FIRST_WEEK = ['02', '03', '04', '05', '06'].map((d) => `2026-11-${d}`);

let singapore: number;
let head: number;
let hana: TestUser;
let sid: TestUser;
let olu: TestUser;
let manager: Session;

async function report(type: string, query: string, as = suite.admin): Promise<Report> {
  const res = await suite.http.get(`/api/reports/${type}?${RANGE}&${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
}
const card = (r: Report, label: string) => Number(r.summary.find((c) => c.label === label)?.value);
const names = (r: Report, key = 'employee') => r.rows.map((x) => x[key]).sort();

/** A door (one reader) at `siteId` with one granted entry at each instant. */
async function doorAt(siteId: number, name: string, instants: string[]) {
  const point = await makeAccessPoint(suite.db, { name });
  const device = await makeDevice(suite.db, { name: `${name} reader`, accessPoint: point });
  await suite.db.updateTable('access_points').set({ site_id: siteId }).where('id', '=', point.id).execute();
  await suite.db.updateTable('devices').set({ site_id: siteId }).where('id', '=', device.id).execute();
  await makeAccessEvents(
    suite.db,
    instants.map((at) => ({ device, at, kind: 'granted' as const, action: 'entry' as const, user: hana })),
  );
}

beforeAll(async () => {
  const db = suite.db;
  singapore = await makeSite(db, suite.bus, 'Asia/Singapore', 'Report Singapore');
  head = (await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await departmentAt(db, 'Sites Far', singapore);
  // Hana at Head Office; Sid in a Singapore department; Olu in Hana's department with Singapore
  // as his own site. All three came the first week and nobody the second.
  hana = await makeUser(db, { department: 'Sites Home', firstName: 'Hana', lastName: 'Home' });
  sid = await makeUser(db, { department: 'Sites Far', firstName: 'Sid', lastName: 'Far' });
  olu = await makeUser(db, { department: 'Sites Home', firstName: 'Olu', lastName: 'Own' });
  await setPersonSite(db, olu.id, singapore);
  manager = await suite.signedIn({ department: 'Sites Home', manager: true });
  for (const user of [hana, sid, olu])
    for (const date of FIRST_WEEK)
      await makeAttendance(db, { user, date, checkIn: '09:00', checkOut: '17:00' });
  // Singapore's own holiday: no day of absence there, one at Head Office.
  await makeHoliday(db, '2026-11-11', 'Singapore only', singapore);

  // 20:00 UTC on Thursday 5 November is Friday the 6th in Singapore.
  await doorAt(singapore, 'Sites Gate', ['2026-11-05T20:00:00Z', '2026-11-05T21:00:00Z']);
  await doorAt(head, 'Sites Lobby', ['2026-11-05T09:00:00Z', '2026-11-05T09:01:00Z', '2026-11-05T09:02:00Z']);
  const counter = await makeCounter(db, { code: 'PC-SG1', name: 'Sites counter' });
  await db.updateTable('devices').set({ site_id: singapore }).where('id', '=', counter.id).execute();
  await makeCountingWindows(db, counter, [
    { start: '2026-11-05T20:00:00Z', end: '2026-11-05T21:00:00Z', entries: 12, exits: 5, passby: 40 },
  ]);
});

describe('reports of one site', () => {
  it("attendance: each site's people by their effective site, a site's holiday owed by nobody there, and the sites sum to all", async () => {
    const all = await report('attendance', '');
    const far = await report('attendance', `siteId=${singapore}`);
    const home = await report('attendance', `siteId=${head}`);
    expect(names(far)).toEqual(['Olu Own', 'Sid Far']);
    expect(names(home)).toContain('Hana Home');
    expect(names(home)).not.toContain('Olu Own');
    const row = (r: Report, name: string) => r.rows.find((x) => x.employee === name);
    // The 11th is Singapore's holiday: four absences there, five at Head Office.
    expect(row(far, 'Sid Far')).toMatchObject({ present: 5, absent: 4 });
    expect(row(far, 'Olu Own')).toMatchObject({ present: 5, absent: 4 });
    expect(row(home, 'Hana Home')).toMatchObject({ present: 5, absent: 5 });
    for (const label of all.summary
      .map((c) => c.label)
      .filter((l) => !l.includes('%') && !l.includes('Rate')))
      expect(card(far, label) + card(home, label), label).toBeCloseTo(card(all, label));
    expect(all.rows).toHaveLength(far.rows.length + home.rows.length);
  });

  it('department and leave narrow to the same people; a manager sees their team at that site only', async () => {
    const far = await report('department', `siteId=${singapore}`);
    const employees = far.rows.reduce((n, r) => n + Number(r.employees), 0);
    expect(employees).toBe(2);
    const leave = await report('leave', `siteId=${singapore}`);
    expect(names(leave, 'employee')).toEqual(['Olu Own', 'Sid Far']);
    const team = await report('attendance', `siteId=${singapore}`, manager);
    expect(names(team)).toEqual(['Olu Own']);
  });

  it('payroll: per site, and the sites together are everyone', async () => {
    const all = await report('payroll', '');
    const far = await report('payroll', `siteId=${singapore}`);
    const home = await report('payroll', `siteId=${head}`);
    expect(names(far, 'name')).toEqual(['Olu Own', 'Sid Far']);
    expect(names(home, 'name')).toContain('Hana Home');
    expect(far.rows.length + home.rows.length).toBe(all.rows.length);
    expect(card(far, 'People') + card(home, 'People')).toBe(card(all, 'People'));
    const csv = await suite.http.get(
      `/api/reports/payroll/export?format=csv&${RANGE}&siteId=${singapore}`,
      suite.admin,
    );
    expect(csv.body).toContain('Sid');
    expect(csv.body).not.toContain('Hana');
  });

  it("access and people counting: the site's doors and counters, on its own days", async () => {
    const far = await report('access', `siteId=${singapore}`);
    expect(far.rows.map((r) => [r.day, r.accessPoint])).toEqual([['2026-11-06', 'Sites Gate']]);
    const home = await report('access', `siteId=${head}`);
    expect(JSON.stringify(home.rows)).not.toContain('Sites Gate');
    expect(JSON.stringify(home.rows)).toContain('Sites Lobby');
    const counting = await report('people-analytics', `siteId=${singapore}`);
    const visitors = await report('people-analytics', `siteId=${head}`);
    const all = await report('people-analytics', '');
    const entries = (r: Report) => r.rows.reduce((n, x) => n + Number(x.entries), 0);
    expect(entries(counting)).toBe(12);
    expect(entries(counting) + entries(visitors)).toBe(entries(all));
  });

  it('a site that does not exist is a 400 naming siteId', async () => {
    const res = await suite.http.get(`/api/reports/attendance?${RANGE}&siteId=999999`, suite.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
  });

  it('says what a day means: the one site and its zone, or each site its own over several zones (PDF too)', async () => {
    expect((await report('attendance', `siteId=${singapore}`)).days).toBe(
      'Site: Report Singapore (Asia/Singapore); days are its local days',
    );
    expect((await report('attendance', '')).days).toBe("Days are each site's local days");
    const dir = mkdtempSync(join(tmpdir(), 'report-sites-'));
    const text = async (query: string) => {
      const res = await suite.http.get(
        `/api/reports/attendance/export?format=pdf&${RANGE}${query}`,
        suite.admin,
      );
      expect(res.statusCode).toBe(200);
      const file = join(dir, 'r.pdf');
      writeFileSync(file, res.rawPayload);
      return execFileSync('pdftotext', [file, '-']).toString();
    };
    expect(await text(`&siteId=${singapore}`)).toContain('Site: Report Singapore (Asia/Singapore)');
    expect(await text('')).toContain("Days are each site's local days");

    // The xlsx Summary sheets say it too, the payroll's as well.
    for (const type of ['attendance', 'payroll']) {
      const res = await suite.http.get(
        `/api/reports/${type}/export?format=xlsx&${RANGE}&siteId=${singapore}`,
        suite.admin,
      );
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: unknown[] = [];
      book.getWorksheet('Summary')!.eachRow((row) => cells.push(row.getCell(1).value));
      expect(cells, type).toContain('Site: Report Singapore (Asia/Singapore); days are its local days');
    }
  });
});
