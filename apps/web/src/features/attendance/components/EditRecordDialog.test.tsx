import { type AttendanceRecord, attendanceApi } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { EditRecordDialog } from './EditRecordDialog';

const record: AttendanceRecord = {
  id: 7,
  user_id: 2,
  first_name: 'Jamie',
  last_name: 'Carter',
  email: 'user@atrium.local',
  department_id: 1,
  department_name: 'Warehouse',
  date: '2026-03-02',
  check_in_time: null,
  check_out_time: null,
  attendance_status: 'checked_in',
  hours: null,
  late: false,
  early_exit: false,
  forgotten_checkout: false,
  source: 'web',
  leave_type: null,
  // The person's site: a time typed is read on its clock (UTC+8).
  time_zone: 'Asia/Singapore',
};

beforeEach(() => fakeApi.on(attendanceApi.correct, { record }));

function renderDialog() {
  const view = renderRoutes(
    [{ path: '/attendance', element: <EditRecordDialog record={record} onClose={vi.fn()} /> }],
    { path: '/attendance', auth: fakeAuth(adminUser) },
  );
  const dialog = screen.getByRole('dialog');
  const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { ...view, dialog, save };
}

describe('EditRecordDialog', () => {
  it("refuses what CorrectAttendanceRequest refuses, and the form's own rules, before sending", async () => {
    const { dialog, save } = renderDialog();
    await save();
    expect(within(dialog).getByText('Check-in time is required.')).toBeTruthy();
    expect(within(dialog).getByText('Please give a reason for the correction.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Check in'), { target: { value: '09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Check out'), { target: { value: '08:00' } });
    // The textarea's maxLength stops typing, not a pasted or scripted value: the contract's 500 applies.
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'x'.repeat(501) } });
    await save();
    expect(within(dialog).getByText('Check-out must not be before check-in.')).toBeTruthy();
    expect(within(dialog).getByText('Reason must be at most 500 characters')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests()).toEqual([]);
  });

  it('sends the parsed correction once valid, and shows a refusal under the field it names', async () => {
    fakeApi.fail(attendanceApi.correct, 400, 'validation_failed', 'Check-in must not be in the future', [
      { field: 'check_in_time', rule: 'not_in_future', message: 'Check-in must not be in the future' },
    ]);
    const { dialog, save } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Check in'), { target: { value: '09:00' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Reader was down  ' } });
    await save();

    await waitFor(() => expect(fakeApi.requests()).toHaveLength(1));
    const [sent] = fakeApi.requests(attendanceApi.correct);
    expect(sent?.url).toBe('/api/attendance/7');
    expect(sent?.body).toMatchObject({ check_out_time: null, reason: 'Reader was down' });
    // 09:00 in Singapore on the record's date.
    expect(sent?.body.check_in_time).toBe('2026-03-02T01:00:00.000Z');
    const shown = await within(dialog).findByText('Check-in must not be in the future');
    // Under the check-in field, which the input names as its description.
    const input = within(dialog).getByLabelText('Check in');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(shown.closest('[id]')!.id);
  });
});
