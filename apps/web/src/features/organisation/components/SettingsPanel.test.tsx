import { type OrganisationSettings, organisationApi, type Site, sitesApi } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeApi } from '@/test/fake-api';
import { adminUser, fakeAuth, renderRoutes } from '@/test/render';
import { SettingsPanel } from './SettingsPanel';

let saved: OrganisationSettings;

const headOffice: Site = {
  id: 1,
  name: 'London HQ',
  time_zone: 'Europe/London',
  address: null,
  latitude: null,
  longitude: null,
  geofence_m: null,
  work_week: [1, 2, 3, 4, 5],
  is_first: true,
  counts: { departments: 1, people: 1, devices: 0, cameras: 0 },
  today: '2026-11-27',
  utc_offset: '+00:00',
};

beforeEach(() => {
  saved = {
    organisationName: 'Atrium',
    timeZone: 'Europe/London',
    workWeek: [1, 2, 3, 4, 5],
    leaveEscalationDays: 0,
    leaveClashPercent: 0,
  };
  fakeApi.on(organisationApi.settings, () => ({ settings: saved }));
  fakeApi.on(sitesApi.list, () => ({ sites: [headOffice] }));
  fakeApi.on(organisationApi.updateSettings, ({ body }) => {
    // Left out, a number stays as it was.
    saved = {
      ...saved,
      ...body,
      leaveEscalationDays: body.leaveEscalationDays ?? saved.leaveEscalationDays,
      leaveClashPercent: body.leaveClashPercent ?? saved.leaveClashPercent,
    };
    return { settings: saved };
  });
});

const renderPanel = () =>
  renderRoutes([{ path: '/settings', element: <SettingsPanel /> }], {
    path: '/settings',
    auth: fakeAuth(adminUser),
  });

const escalation = () => screen.getByLabelText('Escalate leave after (working days)') as HTMLInputElement;

describe('Organisation settings', () => {
  it("says the time zone is the organisation's own site's", async () => {
    renderPanel();
    const zone = await screen.findByLabelText('Time zone');
    await waitFor(() =>
      expect(document.getElementById(zone.getAttribute('aria-describedby')!)?.textContent).toMatch(
        /^The time zone of London HQ, the organisation's own site/,
      ),
    );
  });

  it('sends the leave escalation days with the other settings', async () => {
    const { user } = renderPanel();
    await screen.findByLabelText('Escalate leave after (working days)');
    expect(escalation().value).toBe('0');
    expect(screen.getByText('0 never escalates')).toBeTruthy();
    await user.clear(escalation());
    await user.type(escalation(), '3');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    const sent = fakeApi.requests(organisationApi.updateSettings);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      organisationName: 'Atrium',
      timeZone: 'Europe/London',
      workWeek: [1, 2, 3, 4, 5],
      leaveEscalationDays: 3,
    });
    await waitFor(() => expect(escalation().value).toBe('3'));
  });

  it('refuses a blank or too many days before sending, and shows the server refusal at the field', async () => {
    const { user } = renderPanel();
    await screen.findByLabelText('Escalate leave after (working days)');
    const refusal = 'Escalate leave after (working days) must be a whole number from 0 to 60';
    fireEvent.change(escalation(), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText(refusal)).toBeTruthy();
    fireEvent.change(escalation(), { target: { value: '61' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(escalation().getAttribute('aria-invalid')).toBe('true');
    expect(fakeApi.requests(organisationApi.updateSettings)).toHaveLength(0);

    fakeApi.on(
      organisationApi.updateSettings,
      failure(400, 'validation_failed', 'leaveEscalationDays must be at most 60', [
        {
          field: 'leaveEscalationDays',
          rule: 'max',
          message: 'Escalate leave after must be at most 60 working days',
        },
      ]),
    );
    fireEvent.change(escalation(), { target: { value: '10' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Escalate leave after must be at most 60 working days')).toBeTruthy();
    expect(escalation().getAttribute('aria-invalid')).toBe('true');
  });

  const clash = () => screen.getByLabelText('Warn when this share of a team is off (%)') as HTMLInputElement;

  it('sends the share of a team off from which the team calendar warns', async () => {
    saved = { ...saved, leaveClashPercent: 30 };
    const { user } = renderPanel();
    await screen.findByLabelText('Warn when this share of a team is off (%)');
    expect(clash().value).toBe('30');
    expect(clash().type).toBe('number');
    expect(screen.getByText('0 turns the warning off')).toBeTruthy();
    // Named by its label, described by its help text.
    expect(document.getElementById(clash().getAttribute('aria-describedby')!)?.textContent).toBe(
      '0 turns the warning off',
    );
    await user.clear(clash());
    await user.type(clash(), '25');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(fakeApi.requests(organisationApi.updateSettings)[0]?.body).toMatchObject({
      leaveEscalationDays: 0,
      leaveClashPercent: 25,
    });
    await waitFor(() => expect(clash().value).toBe('25'));
  });

  it('refuses a blank, a fraction or more than 100 before sending, and shows the server refusal at the field', async () => {
    const { user } = renderPanel();
    await screen.findByLabelText('Warn when this share of a team is off (%)');
    const refusal = 'Warn when this share of a team is off (%) must be a whole number from 0 to 100';
    for (const typed of ['', '12.5', '101', '-1']) {
      fireEvent.change(clash(), { target: { value: typed } });
      await user.click(screen.getByRole('button', { name: 'Save Settings' }));
      expect(screen.getByText(refusal)).toBeTruthy();
      expect(clash().getAttribute('aria-invalid')).toBe('true');
    }
    expect(fakeApi.requests(organisationApi.updateSettings)).toHaveLength(0);

    fakeApi.on(
      organisationApi.updateSettings,
      failure(400, 'validation_failed', 'leaveClashPercent must be at most 100', [
        { field: 'leaveClashPercent', rule: 'max', message: 'The share must be at most 100 percent' },
      ]),
    );
    fireEvent.change(clash(), { target: { value: '50' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('The share must be at most 100 percent')).toBeTruthy();
    expect(clash().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(clash().getAttribute('aria-describedby')!)?.textContent).toBe(
      'The share must be at most 100 percent',
    );
  });
});
