import type { Report } from '@atrium/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportTable } from './ReportTable';

const report: Report = {
  type: 'attendance',
  title: 'Attendance Report',
  startDate: '2026-11-01',
  endDate: '2026-11-26',
  emptyRange: false,
  days: null,
  summary: [],
  charts: [],
  tableTitle: 'Employee Attendance',
  columns: [
    { key: 'employee', label: 'Employee', kind: 'text' },
    { key: 'department', label: 'Department', kind: 'text' },
    { key: 'present', label: 'Present Days', kind: 'number' },
  ],
  rows: [{ __key: '1', employee: 'Jamie Carter', department: 'Warehouse', present: 18 }],
  notes: [],
};

describe('report table cards (phone width)', () => {
  it('give each figure its own label above its value, never one run of text', () => {
    render(<ReportTable report={report} />);
    const card = screen.getByRole('listitem');
    const terms = within(card).getAllByRole('term');
    const values = within(card).getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Department', 'Present Days']);
    expect(values.map((v) => v.textContent)).toEqual(['Warehouse', '18']);
    // Each pair is its own block: the value sits under its label, not beside the next label.
    for (const [i, term] of terms.entries()) expect(term.parentElement).toBe(values[i]?.parentElement);
    expect(terms[0]?.parentElement).not.toBe(terms[1]?.parentElement);
  });
});
