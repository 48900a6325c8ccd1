import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Report } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { readyFor } from './backpressure';
import { reportPdf } from './report-pdf';
import { reportXlsx } from './report-xlsx';
import { DEPARTMENT_COLUMNS } from './reports.presenter';

/** A report with a long table, as a large organisation's would be. */
function longReport(rows: number): Report {
  return {
    type: 'attendance',
    title: 'Attendance Report',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    emptyRange: false,
    days: null,
    summary: [{ label: 'Employees', value: rows, kind: 'number' }],
    charts: [],
    tableTitle: 'Employee Attendance',
    columns: [
      { key: 'employee', label: 'Employee', kind: 'text' },
      { key: 'presentDays', label: 'Present Days', kind: 'number' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ employee: `Person ${i + 1}`, presentDays: i % 23 })),
    notes: [],
  };
}

async function readAll(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How many bytes the file holds ready while nobody reads it. */
async function heldUnread(file: Readable): Promise<number> {
  await sleep(300);
  const through = file as PassThrough;
  return through.readableLength + through.writableLength;
}

// Long files take seconds to draw and parse; more on a busy machine.
describe('report files for a long table', { timeout: 90_000 }, () => {
  it('draws the PDF no faster than it is read, repeating the header on every page', async () => {
    const file = reportPdf(longReport(5000), 'Atrium');
    // Unread, drawing stops at the buffer's limit: a few pages, not the ~110 (170 KB) of the file.
    expect(await heldUnread(file)).toBeLessThan(64 * 1024);
    const pdf = await readAll(file);
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.pages.length).toBeGreaterThan(100);
    expect(text.pages.at(-1)!.text).toMatch(
      new RegExp(`Employee\\s+Present Days[\\s\\S]*Person 5000\\s+${4999 % 23}`),
    );
  });

  it('streams 10,000 xlsx rows with a frozen header and an autofilter', async () => {
    const file = reportXlsx(longReport(10_000), 'Atrium');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readAll(file)) as unknown as ArrayBuffer);
    const table = book.getWorksheet('Employee Attendance')!;
    expect(table.rowCount).toBe(10_001);
    expect(table.getRow(10_001).values).toEqual([undefined, 'Person 10000', 9_999 % 23]);
    expect(table.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(table.autoFilter).toBeTruthy();
  });
});

describe('report PDF table', () => {
  it('sizes columns to their content: no header or name is cut short', async () => {
    const report: Report = {
      ...longReport(0),
      type: 'department',
      title: 'Department Report',
      tableTitle: 'Department Details',
      columns: DEPARTMENT_COLUMNS,
      rows: [
        {
          department: 'Warehouse and Logistics',
          manager: 'Maximiliana Fitzgerald-Wolstenholme',
          employees: 20,
          attendance: 93.1,
          avgHours: 8.4,
          totalHours: 3120.5,
          lateCount: 12,
          efficiency: 'High',
        },
      ],
    };
    const parser = new PDFParse({ data: new Uint8Array(await readAll(reportPdf(report, 'Atrium'))) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).not.toContain('…');
    expect(text).toContain('Average Hours');
    // Whole, though it may wrap at its hyphen.
    expect(text).toMatch(/Maximiliana Fitzgerald- ?Wolstenholme/);
    expect(text).toContain('Warehouse and Logistics');
  });
});

describe('readyFor', () => {
  it('waits for a full stream to drain, and says false once the reader is gone', async () => {
    const out = new PassThrough({ highWaterMark: 4 });
    expect(await readyFor(out)).toBe(true);
    out.write('more than four bytes');
    let ready: boolean | undefined;
    void readyFor(out).then((r) => {
      ready = r;
    });
    await sleep(20);
    expect(ready).toBeUndefined();
    out.read();
    await sleep(20);
    expect(ready).toBe(true);
    out.write('more than four bytes');
    const waiting = readyFor(out);
    out.destroy();
    expect(await waiting).toBe(false);
    expect(await readyFor(out)).toBe(false);
    expect(out.listenerCount('drain')).toBe(0);
  });
});
