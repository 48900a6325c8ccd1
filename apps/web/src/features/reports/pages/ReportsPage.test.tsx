import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ReportsPage } from './ReportsPage';

const generate = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Generate Report' });
const renderPage = () =>
  renderRoutes([{ path: '/', element: <ReportsPage /> }], { auth: fakeAuth(adminUser) });

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
