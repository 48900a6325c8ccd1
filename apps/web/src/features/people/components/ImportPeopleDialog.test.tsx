import { type PeopleImportResponse, sitesApi } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { ONE_SITE } from '@/test/site-fixtures';
import { uploadPeopleCsv } from '../api/people-import-api';
import { ImportPeopleDialog } from './ImportPeopleDialog';

vi.mock('../api/people-import-api', async (original) => ({
  ...(await original<typeof import('../api/people-import-api')>()),
  uploadPeopleCsv: vi.fn(),
}));
const upload = vi.mocked(uploadPeopleCsv);

const withErrors: PeopleImportResponse = {
  rows: 3,
  valid: 1,
  errorCount: 2,
  errors: [
    { line: 3, field: 'email', rule: 'duplicate_in_file', message: 'Email a@example.test is also on line 4' },
    { line: 4, field: 'department', rule: 'unknown', message: 'Department "Nowhere" does not exist' },
  ],
  created: 0,
};
const clean: PeopleImportResponse = { rows: 3, valid: 3, errorCount: 0, errors: [], created: 0 };

beforeEach(() => {
  upload.mockReset();
  fakeApi.on(sitesApi.list, ONE_SITE);
});

function renderDialog() {
  const onClose = vi.fn();
  const view = renderRoutes([{ path: '/settings', element: <ImportPeopleDialog open onClose={onClose} /> }], {
    path: '/settings',
    auth: fakeAuth(adminUser),
  });
  const dialog = screen.getByRole('dialog', { name: 'Import People from CSV' });
  const choose = (name: string) =>
    view.user.upload(within(dialog).getByLabelText('CSV file'), new File(['x'], name, { type: 'text/csv' }));
  return { ...view, dialog, choose, onClose };
}

describe('ImportPeopleDialog', () => {
  it("previews the dry run's errors by line and column, and imports only a file without any", async () => {
    const { dialog, choose, user, onClose } = renderDialog();
    expect(within(dialog).getByText(/No emails are sent/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download template' })).toBeTruthy();
    const confirm = within(dialog).getByTestId('import-confirm');
    expect(confirm).toHaveProperty('disabled', true);

    upload.mockResolvedValueOnce(withErrors);
    await choose('people.csv');
    expect(upload).toHaveBeenLastCalledWith(expect.any(File), expect.objectContaining({ dryRun: true }));
    expect(await within(dialog).findByTestId('import-summary')).toHaveProperty(
      'textContent',
      '3 rows read, 1 ready to import, 2 errors.',
    );
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      [],
      ['3', 'email', 'Email a@example.test is also on line 4'],
      ['4', 'department', 'Department "Nowhere" does not exist'],
    ]);
    expect(confirm).toHaveProperty('disabled', true);

    upload.mockResolvedValueOnce(clean);
    await choose('people-fixed.csv');
    await waitFor(() => expect(confirm).toHaveProperty('textContent', 'Import 3 People'));
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(confirm).toHaveProperty('disabled', false);

    upload.mockResolvedValueOnce({ ...clean, created: 3 });
    await user.click(confirm);
    expect(upload).toHaveBeenLastCalledWith(expect.any(File), expect.objectContaining({ dryRun: false }));
    expect(await screen.findByText('Imported 3 people')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the progress while the file goes up and the server checks it', async () => {
    const { dialog, choose } = renderDialog();
    let report: ((p: { phase: 'uploading'; sent: number } | { phase: 'processing' }) => void) | undefined;
    let finish: ((r: PeopleImportResponse) => void) | undefined;
    upload.mockImplementationOnce((_file, options) => {
      report = options.onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    await choose('big.csv');
    report?.({ phase: 'uploading', sent: 0.4 });
    const bar = await within(dialog).findByRole('progressbar', { name: 'Uploading the file: 40%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    report?.({ phase: 'processing' });
    expect(await within(dialog).findByRole('progressbar', { name: 'Checking every row...' })).toBeTruthy();
    finish?.(clean);
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
  });
});
