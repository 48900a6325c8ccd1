import { accountApi, reportsApi, sitesApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, managerUser, renderRoutes } from '@/test/render';
import { ONE_SITE, TWO_SITES } from '@/test/site-fixtures';
import { ReportsPage } from './ReportsPage';

const generate = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Generate Report' });
const renderPage = () =>
  renderRoutes([{ path: '/', element: <ReportsPage /> }], { auth: fakeAuth(adminUser) });

beforeEach(() => {
  fakeApi.on(sitesApi.list, ONE_SITE);
  fakeApi.on(accountApi.preferences, { site_id: null });
});

describe('the Reports form', () => {
  it('says beside the dates when a range is longer than a report covers, and sends nothing', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-01-02' } });
    expect(screen.getByRole('alert').textContent).toContain('A report covers at most 366 days');
    expect(generate().disabled).toBe(true);
    expect(screen.getByLabelText('End Date').getAttribute('aria-invalid')).toBe('true');

    // A whole leap year is 366 days: allowed.
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2024-12-31' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(generate().disabled).toBe(false);
  });

  it('says so when the end comes before the start', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-03-01' } });
    expect(screen.getByRole('alert').textContent).toBe('End Date must not be before Start Date.');
  });
});

describe('the report types', () => {
  const types = () =>
    within(screen.getByRole('group', { name: 'Report type' }))
      .getAllByRole('button')
      .map((b) => b.querySelector('span')?.textContent);

  it('offers an administrator every report over the organisation', () => {
    renderPage();
    expect(screen.getByText('Generate and export organizational reports')).toBeTruthy();
    expect(types()).toEqual([
      'Attendance Report',
      'Leave Report',
      'Access Control Report',
      'Department Report',
      'People Counting Report',
      'Payroll',
    ]);
  });

  it('offers a manager Attendance, Leave, Department and Payroll, and says they cover their team', () => {
    renderRoutes([{ path: '/', element: <ReportsPage /> }], { auth: fakeAuth(managerUser) });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByText('Generate and export reports covering your team')).toBeTruthy();
    expect(types()).toEqual(['Attendance Report', 'Leave Report', 'Department Report', 'Payroll']);
    expect(screen.getByRole('button', { name: /^Attendance Report/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.queryByRole('button', { name: /^Access Control Report/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^People Counting Report/ })).toBeNull();
  });
});

describe('the payroll report', () => {
  it('offers a CSV export beside PDF and Excel for payroll only, and a quarter at most', () => {
    renderPage();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Payroll/ }));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-04-30' } });
    expect(screen.getByRole('alert').textContent).toContain('A report covers at most 93 days');
  });
});

describe('a report of the chosen site', () => {
  it("asks for the site's report and says what its days are", async () => {
    fakeApi.on(sitesApi.list, TWO_SITES);
    fakeApi.on(accountApi.preferences, { site_id: 2 });
    fakeApi.on(reportsApi.report, {
      report: {
        type: 'attendance',
        title: 'Attendance Report',
        startDate: '2026-06-08',
        endDate: '2026-07-08',
        emptyRange: false,
        days: 'Site: Singapore Warehouse (Asia/Singapore); days are its local days',
        summary: [],
        charts: [],
        tableTitle: 'Attendance by Employee',
        columns: [],
        rows: [],
        notes: [],
      },
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Site' }).value).toBe('2'),
    );
    fireEvent.click(generate());
    expect((await screen.findByTestId('report-days')).textContent).toBe(
      'Site: Singapore Warehouse (Asia/Singapore); days are its local days',
    );
    const [request] = fakeApi.requests(reportsApi.report);
    expect(request?.query.get('siteId')).toBe('2');
  });
});
