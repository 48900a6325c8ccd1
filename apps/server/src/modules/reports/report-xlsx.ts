import { PassThrough, type Readable } from 'node:stream';
import type { Report, ReportColumn } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { FILE_BUFFER_BYTES, readyFor } from './backpressure';

/** Rows written between two looks at whether the client keeps up. */
const BATCH = 500;

const FORMATS: Record<ReportColumn['kind'], string | undefined> = {
  text: undefined,
  number: '#,##0',
  percent: '0.0"%"',
  hours: '#,##0.0',
  days: '#,##0.0',
  date: 'yyyy-mm-dd',
};

/** A cell typed by its column: numbers stay numbers, dates become real dates. */
function cell(kind: ReportColumn['kind'], value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  return value;
}

/**
 * The report as an .xlsx streamed row by row (exceljs WorkbookWriter, zipped as it goes): a
 * Summary sheet, then one sheet for the table and one per chart's data, each with a frozen header
 * row and an autofilter (both written by the streaming writer when the sheet is committed).
 * Rows are committed as they are written and no faster than the client reads, so the file's
 * bytes never pile up in memory however long the table is.
 */
export function reportXlsx(report: Report, organisation: string): Readable {
  const out = new PassThrough({ highWaterMark: FILE_BUFFER_BYTES });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const write = async () => {
    const summary = book.addWorksheet('Summary');
    summary.columns = [
      { header: report.title, key: 'label', width: 32 },
      { header: '', key: 'value', width: 18 },
    ];
    summary.addRow(['Start Date', new Date(`${report.startDate}T00:00:00Z`)]).commit();
    summary.addRow(['End Date', new Date(`${report.endDate}T00:00:00Z`)]).commit();
    summary.addRow(['Organisation', organisation]).commit();
    if (report.days) summary.addRow([report.days]).commit();
    for (const c of report.summary) {
      const row = summary.addRow([c.label, c.value]);
      row.getCell(2).numFmt = FORMATS[c.kind] ?? '@';
      row.commit();
    }
    for (const note of report.notes) summary.addRow([note]).commit();
    summary.getColumn(2).numFmt = 'yyyy-mm-dd';
    await summary.commit();

    const tables = [
      { title: report.tableTitle, columns: report.columns, rows: report.rows },
      ...report.charts.map((chart) => ({
        title: chart.title,
        columns: [
          {
            key: chart.xKey,
            label: chart.xKey === 'day' ? 'Day' : chart.xKey[0]?.toUpperCase() + chart.xKey.slice(1),
            kind: 'text' as const,
          },
          ...chart.series.map((s) => ({ key: s.key, label: s.label, kind: 'number' as const })),
        ],
        rows: chart.data,
      })),
    ];
    const used = new Set<string>(['Summary']);
    for (const table of tables) {
      let name = table.title.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31);
      while (used.has(name)) name = `${name.slice(0, 29)} ${used.size}`;
      used.add(name);
      const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = table.columns.map((c) => ({
        header: c.label,
        key: c.key,
        width: Math.max(12, c.label.length + 4),
        style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
      }));
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
      sheet.getRow(1).font = { bold: true };
      for (const [i, row] of table.rows.entries()) {
        sheet.addRow(table.columns.map((c) => cell(c.kind, row[c.key] ?? null))).commit();
        if (i % BATCH === BATCH - 1 && !(await readyFor(out))) return;
      }
      await sheet.commit();
    }
    await book.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
