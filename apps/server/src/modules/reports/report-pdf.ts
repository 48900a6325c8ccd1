import { PassThrough, type Readable } from 'node:stream';
import type { Report, ReportChart, ReportColumn } from '@atrium/contract';
import PDFDocument from 'pdfkit';
import { FILE_BUFFER_BYTES, readyFor } from './backpressure';
import { PdfText } from './pdf-text';

const MARGIN = 40;
const COLOURS = ['#2563eb', '#f59e0b', '#dc2626', '#16a34a'];
/** Parts of a whole (used, pending, remaining), as on screen: what is left is calm green. */
const STACK_COLOURS = ['#2563eb', '#f59e0b', '#86efac', '#94a3b8'];

const shown = (kind: ReportColumn['kind'], value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return kind === 'percent' ? `${value.toFixed(1)}%` : value.toLocaleString('en-GB');
  return value;
};

/** Padding inside a table cell, left and right together. */
const CELL_PAD = 8;

/**
 * Table columns sized to their content: each column gets at least its longest header word (and,
 * for figures, its widest figure, which must not wrap), then the rest of the page width goes to
 * the columns whose whole text does not fit yet, in proportion to what they lack. Equal columns
 * cut "Average Hours" and a manager's name short.
 */
function columnWidths(text: PdfText, report: Report, width: number): number[] {
  const bold = { size: 8, bold: true };
  const plain = { size: 8 };
  const sizes = report.columns.map((c) => {
    const words = Math.max(0, ...c.label.split(/\s+/).map((w) => text.width(w, bold)));
    let widest = 0;
    for (const row of report.rows) widest = Math.max(widest, text.width(shown(c.kind, row[c.key]), plain));
    const full = Math.max(text.width(c.label, bold), widest) + CELL_PAD;
    const min = Math.max(words, c.kind === 'text' ? Math.min(widest, 60) : widest) + CELL_PAD;
    return { full, min: Math.min(min, full) };
  });
  const least = sizes.reduce((a, s) => a + s.min, 0);
  if (least >= width) return sizes.map((s) => (s.min * width) / least);
  const lacking = sizes.reduce((a, s) => a + (s.full - s.min), 0);
  const spare = width - least;
  if (lacking <= spare) {
    // Everything fits whole: share what is left evenly.
    const extra = (spare - lacking) / Math.max(1, sizes.length);
    return sizes.map((s) => s.full + extra);
  }
  return sizes.map((s) => s.min + ((s.full - s.min) * spare) / lacking);
}

/** A chart drawn as vector shapes: bars side by side, or lines, over a light grid. */
function drawChart(doc: PDFKit.PDFDocument, text: PdfText, chart: ReportChart, top: number): number {
  const width = doc.page.width - MARGIN * 2;
  const height = 150;
  text.draw(chart.title, MARGIN, top, { size: 11, bold: true, color: '#111827', width });
  const y0 = top + 18;
  const value = (d: ReportChart['data'][number], key: string) => Number(d[key] ?? 0);
  // Stacked bars reach the sum of their parts.
  const values = chart.stacked
    ? chart.data.map((d) => chart.series.reduce((acc, s) => acc + value(d, s.key), 0))
    : chart.data.flatMap((d) => chart.series.map((s) => value(d, s.key)));
  const max = Math.max(1, ...values);
  doc.lineWidth(0.5).strokeColor('#e5e7eb');
  for (let i = 0; i <= 4; i++) {
    const y = y0 + height - (height * i) / 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .stroke();
    text.draw(String(Math.round((max * i) / 4)), MARGIN - 30, y - 3, {
      size: 6,
      color: '#6b7280',
      width: 26,
      align: 'right',
    });
  }
  const n = Math.max(1, chart.data.length);
  const slot = width / n;
  chart.series.forEach((s, si) => {
    const palette = chart.stacked ? STACK_COLOURS : COLOURS;
    const colour = palette[si % palette.length] ?? '#2563eb';
    if (chart.kind === 'bar' && chart.stacked) {
      chart.data.forEach((d, i) => {
        const below = chart.series.slice(0, si).reduce((acc, t) => acc + value(d, t.key), 0);
        const h = (height * value(d, s.key)) / max;
        const base = y0 + height - (height * below) / max;
        doc.rect(MARGIN + i * slot + slot * 0.2, base - h, slot * 0.6, h).fill(colour);
      });
    } else if (chart.kind === 'bar') {
      const barWidth = Math.max(1, (slot * 0.8) / chart.series.length);
      chart.data.forEach((d, i) => {
        const h = (height * Number(d[s.key] ?? 0)) / max;
        doc.rect(MARGIN + i * slot + slot * 0.1 + si * barWidth, y0 + height - h, barWidth, h).fill(colour);
      });
    } else {
      chart.data.forEach((d, i) => {
        const x = MARGIN + i * slot + slot / 2;
        const y = y0 + height - (height * Number(d[s.key] ?? 0)) / max;
        if (i === 0) doc.moveTo(x, y);
        else doc.lineTo(x, y);
      });
      doc.lineWidth(1.5).strokeColor(colour).stroke();
    }
    doc.rect(MARGIN + si * 120, y0 + height + 16, 8, 8).fill(colour);
    text.draw(s.label, MARGIN + si * 120 + 12, y0 + height + 16, { size: 8, color: '#111827', width: 106 });
  });
  const step = Math.ceil(n / 12);
  chart.data.forEach((d, i) => {
    if (i % step) return;
    text.draw(String(d[chart.xKey] ?? ''), MARGIN + i * slot, y0 + height + 4, {
      size: 6,
      color: '#6b7280',
      width: slot * step,
    });
  });
  return y0 + height + 34;
}

/**
 * The report as a PDF streamed while it is drawn (pdfkit): title, range, summary, the charts as
 * vector figures, and the table with its header row repeated at the top of every page.
 * pdfkit hands out each page as it is finished whether or not anyone reads it, so the table is
 * drawn a page at a time, no faster than the client reads: the file never piles up in memory.
 */
export function reportPdf(report: Report, organisation: string): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: report.title } });
  const out = new PassThrough({ highWaterMark: FILE_BUFFER_BYTES });
  doc.pipe(out);
  doc.on('error', (error) => out.destroy(error));
  draw(doc, report, organisation, out).then(
    (whole) => {
      if (whole) doc.end();
    },
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

/** Draws the report into `doc`; false when the reader went away before the end. */
async function draw(
  doc: PDFKit.PDFDocument,
  report: Report,
  organisation: string,
  out: PassThrough,
): Promise<boolean> {
  const bottom = () => doc.page.height - MARGIN;
  const text = new PdfText(doc);
  const width = doc.page.width - MARGIN * 2;
  text.draw(report.title, MARGIN, doc.y, { size: 20, bold: true, color: '#111827', width });
  const line = { size: 10, color: '#374151', width };
  text.draw(`${organisation} · ${report.startDate} to ${report.endDate}`, MARGIN, doc.y, line);
  if (report.days) text.draw(report.days, MARGIN, doc.y, line);
  if (report.emptyRange)
    text.draw('The start date is after the end date: the range holds no day.', MARGIN, doc.y, line);
  doc.y += text.lineHeight(line);
  const cardWidth = (doc.page.width - MARGIN * 2) / 4;
  const cardTop = doc.y;
  report.summary.forEach((c, i) => {
    const x = MARGIN + i * cardWidth;
    doc
      .roundedRect(x + 2, cardTop, cardWidth - 4, 44, 4)
      .strokeColor('#d1d5db')
      .lineWidth(0.8)
      .stroke();
    text.draw(c.label, x + 8, cardTop + 7, { size: 8, color: '#6b7280', width: cardWidth - 16 });
    text.draw(shown(c.kind, c.value), x + 8, cardTop + 22, {
      size: 14,
      bold: true,
      color: '#111827',
      width: cardWidth - 16,
    });
  });
  let y = cardTop + 60;
  for (const chart of report.charts) {
    if (y + 200 > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    y = drawChart(doc, text, chart, y);
  }
  for (const note of report.notes) {
    y += text.draw(note, MARGIN, y, { size: 8, color: '#374151', width }) + 6;
  }

  const widths = columnWidths(text, report, width);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, w) => a + w, 0));
  // Cells wrap instead of being cut short: a row is as tall as its tallest cell.
  const cell = (i: number, bold: boolean) => {
    const column = report.columns[i];
    return {
      size: 8,
      bold,
      color: '#111827',
      width: (widths[i] ?? 0) - CELL_PAD,
      align:
        column && column.kind !== 'text' && column.kind !== 'date' ? ('right' as const) : ('left' as const),
    };
  };
  const rowHeight = (values: string[], bold: boolean) =>
    Math.max(16, ...values.map((v, i) => text.heightOf(v || ' ', cell(i, bold)) + 6));
  const drawRow = (values: string[], bold: boolean, fill?: string) => {
    const height = rowHeight(values, bold);
    if (fill) doc.rect(MARGIN, y, width, height).fill(fill);
    values.forEach((v, i) => {
      text.draw(v, (lefts[i] ?? MARGIN) + CELL_PAD / 2, y + 4, cell(i, bold));
    });
    return height;
  };
  const header = () => {
    y += drawRow(
      report.columns.map((c) => c.label),
      true,
      '#f3f4f6',
    );
  };
  if (y + 60 > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 6 + text.draw(report.tableTitle, MARGIN, y + 6, { size: 12, bold: true, color: '#111827', width }) + 6;
  header();
  if (report.rows.length === 0)
    text.draw('No data for this range.', MARGIN, y + 4, { size: 9, color: '#111827', width });
  for (const row of report.rows) {
    const values = report.columns.map((c) => shown(c.kind, row[c.key]));
    const height = rowHeight(values, false);
    if (y + height > bottom()) {
      doc.addPage();
      if (!(await readyFor(out))) return false;
      y = MARGIN;
      header();
    }
    drawRow(values, false);
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.3)
      .strokeColor('#e5e7eb')
      .stroke();
    y += height;
  }
  return true;
}
