import { PassThrough, type Readable } from 'node:stream';
import type { ReportColumn, ReportQuery } from '@atrium/contract';
import ExcelJS from 'exceljs';
import { csvPieces } from '../../core/csv';
import type { Db } from '../../db/connection';
import { CSV_BOM } from '../../http/csv-reply';
import { FILE_BUFFER_BYTES, readyFor } from './backpressure';
import { payrollBatches } from './payroll.repository';
import { PAYROLL_BATCH, type PayrollSetup, payrollColumns, payrollNotes, payrollRow } from './payroll-report';

/**
 * The payroll report as files, streamed: people are read a batch at a time (payrollBatches, a
 * keyset by id) and each batch's rows are written before the next is read, no faster than the
 * client takes them, so memory stays flat however many people there are.
 */

type Cell = string | number | null;

async function* cellRows(
  db: Db,
  setup: PayrollSetup,
  columns: ReportColumn[],
  signal: AbortSignal,
): AsyncGenerator<Cell[][]> {
  for await (const batch of payrollBatches(db, setup.plan, PAYROLL_BATCH, signal))
    yield batch.map((line) => {
      const row = payrollRow(line, setup.leaveTypes);
      return columns.map((c) => row[c.key] ?? null);
    });
}

/** CSV: a byte order mark (as every Atrium CSV, http/csv-reply.ts), a header, a line per row. */
export async function* payrollCsv(db: Db, setup: PayrollSetup, signal: AbortSignal): AsyncGenerator<string> {
  const columns = payrollColumns(setup.leaveTypes);
  async function* lines() {
    for await (const rows of cellRows(db, setup, columns, signal)) yield* rows;
  }
  yield CSV_BOM;
  yield* csvPieces(
    columns.map((c) => c.label),
    lines(),
  );
}

const FORMATS: Partial<Record<ReportColumn['kind'], string>> = {
  number: '#,##0',
  hours: '#,##0.00',
  days: '#,##0.0',
  date: 'yyyy-mm-dd',
};

/**
 * xlsx: a Summary sheet (range, organisation, the rules) and a Payroll sheet with a frozen header
 * and an autofilter, committed row by row through exceljs's streaming writer.
 */
export function payrollXlsx(
  db: Db,
  setup: PayrollSetup,
  query: ReportQuery,
  organisation: string,
  signal: AbortSignal,
): Readable {
  const out = new PassThrough({ highWaterMark: FILE_BUFFER_BYTES });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const columns = payrollColumns(setup.leaveTypes);
  const write = async () => {
    const summary = book.addWorksheet('Summary');
    summary.columns = [
      { header: 'Payroll', key: 'label', width: 32 },
      { header: '', key: 'value', width: 18 },
    ];
    summary.addRow(['Start Date', query.startDate]).commit();
    summary.addRow(['End Date', query.endDate]).commit();
    summary.addRow(['Organisation', organisation]).commit();
    if (setup.daysNote) summary.addRow([setup.daysNote]).commit();
    for (const note of payrollNotes(setup.plan.settings)) summary.addRow([note]).commit();
    await summary.commit();

    const sheet = book.addWorksheet('Payroll', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: Math.max(12, c.label.length + 4),
      style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    sheet.getRow(1).font = { bold: true };
    for await (const rows of cellRows(db, setup, columns, signal)) {
      for (const cells of rows)
        sheet
          .addRow(
            cells.map((value, i) =>
              columns[i]!.kind === 'date' && typeof value === 'string'
                ? new Date(`${value}T00:00:00Z`)
                : value,
            ),
          )
          .commit();
      if (!(await readyFor(out))) return;
    }
    await sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
