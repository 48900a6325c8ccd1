import { CreateCorrectionRequest } from '@atrium/contract';
import { zonedInstant } from '@atrium/contract/calendar';
import { type FormEvent, useId, useState } from 'react';
import { FieldError, invalidProps } from '@/components/ui/FieldError';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth-context';
import { checkForm, type FieldErrors, serverFieldErrors, type Wording } from '@/lib/form-errors';
import { organisationInstant, organisationToday } from '@/lib/org-time';
import { useAttendanceList } from '../api/attendance-api';
import { useCreateCorrectionRequest } from '../api/correction-requests-api';
import { formatTime } from '../lib/format';
import { ReasonField } from './ReasonField';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 px-3 text-sm aria-[invalid=true]:border-red-500';

const LABELS = { date: 'Day', check_in_time: 'Check in', check_out_time: 'Check out', reason: 'Reason' };
type Field = keyof typeof LABELS;

/** The form's own words for the contract's and the server's rules, instead of API field names. */
const CLIENT_WORDING: Wording<Field> = {
  date: { invalid_format: 'Choose a day.', invalid_type: 'Choose a day.' },
  check_in_time: { custom: 'Give a check-in time, a check-out time or both.' },
  reason: { too_small: 'Please give a reason for the correction.' },
};
const SERVER_WORDING: Wording<Field> = {
  date: {
    not_in_future: 'Choose today or an earlier day.',
    before_start_date: 'This day is before your start date.',
  },
  check_in_time: {
    same_day: 'Check-in must fall on the chosen day.',
    not_in_future: 'Check-in must not be in the future.',
    required_without_record: 'Nothing is recorded on this day, so give a check-in time.',
    no_change: 'These times are already recorded for this day.',
  },
  check_out_time: {
    after_check_in: 'Check-out must not be before check-in.',
    not_in_future: 'Check-out must not be in the future.',
    max_24_hours: 'A shift may last at most 24 hours.',
  },
};

/**
 * Ask for a past day's times to be corrected. A time left empty keeps what is recorded; a day
 * with no record needs a check-in. Times are wall times on the organisation's clock.
 */
export function CorrectionRequestDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const create = useCreateCorrectionRequest();
  const today = organisationToday();
  const [date, setDate] = useState('');
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { date: useId(), in: useId(), out: useId(), hint: useId() };
  // What the chosen day has now, so the person sees what they are correcting (and that a day
  // with nothing recorded needs a check-in).
  const chosen = date && date <= today ? date : '';
  const userId = useAuth().user?.id;
  const recorded = useAttendanceList(
    { startDate: chosen, endDate: chosen, pageSize: 1, userId },
    Boolean(chosen),
  );
  const day = recorded.data?.attendance?.[0];
  // The person's own site's clock, once a listed day names it; else the organisation's.
  const instant = (on: string, time: string) =>
    day ? zonedInstant(on, time, day.time_zone).toISOString() : organisationInstant(on, time);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkForm(
      CreateCorrectionRequest,
      {
        date,
        check_in_time: date && checkIn ? instant(date, checkIn) : undefined,
        check_out_time: date && checkOut ? instant(date, checkOut) : undefined,
        reason,
      },
      LABELS,
      CLIENT_WORDING,
    );
    const found: FieldErrors<Field> = checked.ok ? {} : { ...checked.errors };
    if (date > today) found.date ??= 'Choose today or an earlier day.';
    if (checkIn && checkOut && checkOut < checkIn)
      found.check_out_time ??= 'Check-out must not be before check-in.';
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    create.mutate(checked.data, {
      onSuccess: () => {
        toast.success('Correction request sent');
        onClose();
      },
      onError: (e) => {
        const fromServer = serverFieldErrors(e, LABELS, SERVER_WORDING);
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0)
          setFailure(errorMessage(e, 'The request could not be sent. Please try again.'));
      },
    });
  };

  return (
    <FormDialog
      onClose={onClose}
      title="Request correction"
      formId="correction-request"
      onSubmit={submit}
      submitLabel={create.isPending ? 'Sending...' : 'Send request'}
      busy={create.isPending}
    >
      <p id={ids.hint} className="text-sm text-slate-600">
        Give the times the day should have. Leave a time empty to keep what is recorded.
      </p>
      <div>
        <label className="text-sm font-medium text-slate-700">
          Day
          <input
            type="date"
            required
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            {...invalidProps(ids.date, errors.date)}
            className={field}
          />
        </label>
        <FieldError id={ids.date} message={errors.date} />
        {chosen && recorded.data ? (
          <p className="mt-1.5 text-sm text-slate-600" aria-live="polite" data-testid="recorded-day">
            {day?.check_in_time
              ? `Recorded: in ${formatTime(day.check_in_time, day.time_zone)}, out ${formatTime(day.check_out_time, day.time_zone) ?? 'not recorded'}`
              : 'Nothing is recorded on this day: give at least a check-in time.'}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="text-sm font-medium text-slate-700">
            Check in
            <input
              type="time"
              value={checkIn}
              onChange={(e) => setCheckIn(e.target.value)}
              {...invalidProps(ids.in, errors.check_in_time, ids.hint)}
              className={field}
            />
          </label>
          <FieldError id={ids.in} message={errors.check_in_time} />
        </div>
        <div>
          <label className="text-sm font-medium text-slate-700">
            Check out
            <input
              type="time"
              value={checkOut}
              onChange={(e) => setCheckOut(e.target.value)}
              {...invalidProps(ids.out, errors.check_out_time, ids.hint)}
              className={field}
            />
          </label>
          <FieldError id={ids.out} message={errors.check_out_time} />
        </div>
      </div>
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
      <FormAlert>{failure}</FormAlert>
    </FormDialog>
  );
}
