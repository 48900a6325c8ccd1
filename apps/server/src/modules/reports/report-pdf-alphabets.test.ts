import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Report } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptRuns } from './pdf-fonts';
import { visualOrder } from './pdf-text';
import { reportPdf } from './report-pdf';
import { DEPARTMENT_COLUMNS } from './reports.presenter';

const run = promisify(execFile);

const NAMES = ['Ñúñez-Łódź', 'Zażółć Gęślą Jaźń', 'Σοφία Παπαδοπούλου', 'محمد', '李小龙', 'דוד כהן'];

function report(): Report {
  return {
    type: 'department',
    title: 'Department Report',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    emptyRange: false,
    days: null,
    summary: [{ label: 'Employees', value: NAMES.length, kind: 'number' }],
    charts: [
      {
        id: 'people',
        title: 'Attendance by Department',
        kind: 'bar',
        xKey: 'department',
        labelKey: 'department',
        series: [{ key: 'attendance', label: 'Attendance' }],
        data: NAMES.map((n, i) => ({ department: n, attendance: 80 + i })),
      },
    ],
    tableTitle: 'Department Details',
    columns: DEPARTMENT_COLUMNS,
    rows: NAMES.map((manager, i) => ({
      department: `Dział ${i + 1}`,
      manager,
      employees: 10 + i,
      attendance: 90.5,
      avgHours: 8,
      totalHours: 1000,
      lateCount: i,
      efficiency: 'Good',
    })),
    notes: [],
  };
}

async function readAll(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('report PDFs in every alphabet', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atrium-pdf-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints Latin, Polish, Greek, Arabic, Chinese and Hebrew names as typed (pdftotext finds each)', async () => {
    const pdf = await readAll(reportPdf(report(), 'Łódź Ltd'));
    const path = join(dir, 'names.pdf');
    await writeFile(path, pdf);
    // Poppler marks right-to-left text with embedding controls (U+202A-202E): not part of the name.
    const text = (await run('pdftotext', ['-layout', path, '-'])).stdout.replace(/[\u202a-\u202e]/g, '');
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('Łódź Ltd · 2026-11-01 to 2026-11-30');
    // Helvetica is never used again, and each font is a subset embedded in the file.
    const fonts = (await run('pdffonts', [path])).stdout;
    expect(fonts).not.toMatch(/Helvetica/);
    for (const family of ['NotoSans-', 'NotoSansSC-', 'NotoSansArabic-', 'NotoSansHebrew-'])
      expect(fonts).toMatch(
        new RegExp(`[A-Z]{6}\\+${family}\\S*\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`),
      );
  });

  it('keeps a Latin-only report to the Latin fonts', async () => {
    const latin = { ...report(), rows: report().rows.slice(0, 1), charts: [] };
    const path = join(dir, 'latin.pdf');
    await writeFile(path, await readAll(reportPdf(latin, 'Atrium')));
    const fonts = (await run('pdffonts', [path])).stdout;
    expect(fonts).toMatch(/NotoSans-Regular/);
    expect(fonts).not.toMatch(/NotoSansSC|NotoSansArabic|NotoSansHebrew/);
  });
});

describe('scriptRuns', () => {
  const ids = (text: string) => scriptRuns(text).map((r) => [r.text, r.slice.id]);

  it('splits a string where the font that has its glyphs changes, keeping spaces and marks with a run', () => {
    expect(ids('Σοφία Παπαδοπούλου 2')).toEqual([
      ['Σοφία Παπαδοπούλου', 'noto-sans-greek'],
      [' 2', 'noto-sans-latin'],
    ]);
    expect(ids('Ab Σο')).toEqual([
      ['Ab ', 'noto-sans-latin'],
      ['Σο', 'noto-sans-greek'],
    ]);
    expect(ids('محمد علي')).toEqual([
      ['محمد', 'noto-sans-arabic-arabic'],
      [' ', 'noto-sans-latin'],
      ['علي', 'noto-sans-arabic-arabic'],
    ]);
    expect(scriptRuns('李小龙').map((r) => r.slice.id.startsWith('noto-sans-sc-'))).toEqual([
      true,
      true,
      true,
    ]);
    // A combining accent stays with its letter, whatever slice lists it.
    expect(ids('e\u0301')).toEqual([['e\u0301', 'noto-sans-latin']]);
  });

  it('draws the words of a right-to-left name right to left', () => {
    // fontkit lays out each word right to left; the words are put in order here.
    expect(visualOrder(scriptRuns('דוד כהן')).map((r) => r.text)).toEqual(['כהן', ' ', 'דוד']);
    const order = visualOrder(scriptRuns('Dr محمد - علي (HR)')).map((r) => r.text);
    expect(order).toEqual(['Dr ', 'علي', ' - ', 'محمد', ' (HR)']);
  });
});
