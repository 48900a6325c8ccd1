import { type OrganisationSettings, OrganisationSettingsRequest } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { WeekdayPicker } from '@/components/ui/WeekdayPicker';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { sitesQuery } from '@/lib/queries/sites';
import { organisationQueries, useSaveSettings } from '../api/organisation-api';

const LABELS = {
  organisationName: 'Organisation name',
  timeZone: 'Time zone',
  workWeek: 'Work week',
  leaveEscalationDays: 'Escalate leave after (working days)',
  leaveClashPercent: 'Warn when this share of a team is off (%)',
};
type Errors = FieldErrors<keyof typeof LABELS>;

const zones: string[] = Intl.supportedValuesOf('timeZone');

/**
 * The organisation's name, time zone, default work week, when waiting leave goes one manager up,
 * and from what share of a team off on one day the team calendar warns of a clash.
 */
export function SettingsPanel() {
  const settings = useQuery(organisationQueries.settings());
  return (
    <QueryState query={settings} what="Settings" loading="Loading settings">
      {(saved) => <SettingsForm key={JSON.stringify(saved)} saved={saved} />}
    </QueryState>
  );
}

function SettingsForm({ saved }: { saved: OrganisationSettings }) {
  const [values, setValues] = useState(saved);
  // The number as typed: a blank or a fraction is refused by the contract, not silently changed.
  const [escalation, setEscalation] = useState(String(saved.leaveEscalationDays));
  const [clash, setClash] = useState(String(saved.leaveClashPercent));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSettings();
  const toast = useToast();
  // The organisation's zone and work week are its first site's: the hint names that site.
  const firstSite = useQuery(sitesQuery()).data?.find((site) => site.is_first)?.name;
  const zoneChanged = values.timeZone !== saved.timeZone;
  const zoneChoices = zones.includes(saved.timeZone) ? zones : [saved.timeZone, ...zones];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const whole = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
    const checked = checkForm(
      OrganisationSettingsRequest,
      { ...values, leaveEscalationDays: whole(escalation), leaveClashPercent: whole(clash) },
      LABELS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => toast.success('Settings saved'),
      onError: (error) => {
        setErrors(serverFieldErrors(error, LABELS));
        toast.error(errorMessage(error, 'Failed to save settings'));
      },
    });
  };

  return (
    <Card className="max-w-2xl p-4 sm:p-6">
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField
          label="Organisation name"
          error={errors.organisationName}
          hint="Shown in the top bar and on exports."
        >
          {(control) => (
            <input
              {...control}
              className={`mt-1 ${inputClasses}`}
              value={values.organisationName}
              maxLength={80}
              onChange={(e) => setValues((v) => ({ ...v, organisationName: e.target.value }))}
            />
          )}
        </FormField>
        <FormField
          label="Time zone"
          error={errors.timeZone}
          hint={
            zoneChanged ? (
              <span className="font-medium text-amber-800">
                Changing the time zone changes what "today" means for attendance, leave and every report, from
                the moment you save.
              </span>
            ) : firstSite ? (
              `The time zone of ${firstSite}, the organisation's own site (Organisation > Sites). Its attendance days, lateness and reports follow this clock; other sites keep their own.`
            ) : (
              'Attendance days, lateness and reports follow this clock.'
            )
          }
        >
          {(control) => (
            <select
              {...control}
              className={`mt-1 ${inputClasses}`}
              value={values.timeZone}
              onChange={(e) => setValues((v) => ({ ...v, timeZone: e.target.value }))}
            >
              {zoneChoices.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <WeekdayPicker
          legend="Work week"
          value={values.workWeek}
          onChange={(workWeek) => setValues((v) => ({ ...v, workWeek }))}
          error={errors.workWeek}
          errorId="work-week-error"
          hint={{
            id: 'work-week-hint',
            text: "New departments start with these days; each department's schedule can differ.",
          }}
        />
        {/* A leave application waiting longer than this at its approver goes one manager up. */}
        <WholeNumberField
          label="Escalate leave after (working days)"
          hint="0 never escalates"
          max={60}
          value={escalation}
          onChange={setEscalation}
          error={errors.leaveEscalationDays}
        />
        {/* Team calendars mark a day on which this share of the team (or more) is off or waiting to be. */}
        <WholeNumberField
          label="Warn when this share of a team is off (%)"
          hint="0 turns the warning off"
          max={100}
          value={clash}
          onChange={setClash}
          error={errors.leaveClashPercent}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A setting that is a whole number from 0 to `max`, kept as typed until it is checked. */
function WholeNumberField({
  label,
  hint,
  max,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <div className="mt-1 w-32">
          <input
            {...control}
            type="number"
            min={0}
            max={max}
            step={1}
            inputMode="numeric"
            className={inputClasses}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}
