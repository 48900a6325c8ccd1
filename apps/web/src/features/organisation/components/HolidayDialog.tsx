import { type Holiday, HolidayRequest } from '@atrium/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSiteChoices } from '@/lib/site-choices';
import { useSaveHoliday } from '../api/organisation-api';

const LABELS = { date: 'Date', name: 'Name', siteId: 'Site' };

/** Declare a public holiday, of one site or of every site, or change one's date, name or site. */
export function HolidayDialog({
  holiday,
  defaultDate,
  onClose,
}: {
  holiday: Holiday | null;
  defaultDate: string;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    date: holiday?.date ?? defaultDate,
    name: holiday?.name ?? '',
    // '' is every site.
    siteId: holiday?.site_id == null ? '' : String(holiday.site_id),
  });
  const { sites, several } = useSiteChoices();
  const [errors, setErrors] = useState<FieldErrors<keyof typeof LABELS>>({});
  const save = useSaveHoliday();
  const toast = useToast();

  const submit = () => {
    const checked = checkForm(
      HolidayRequest,
      { ...values, siteId: values.siteId === '' ? null : Number(values.siteId) },
      LABELS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: holiday?.id, body: checked.data },
      {
        onSuccess: () => {
          toast.success(holiday ? 'Holiday updated' : 'Holiday added');
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, LABELS));
          toast.error(errorMessage(error, 'Failed to save holiday'));
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={holiday ? `Edit ${holiday.name}` : 'Add Holiday'}
      formId="holiday-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={save.isPending ? 'Saving...' : 'Save Holiday'}
      busy={save.isPending}
      formClassName="grid gap-4"
    >
      <FormField label="Date" error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            className={`mt-1 ${inputClasses}`}
            value={values.date}
            onChange={(e) => setValues((v) => ({ ...v, date: e.target.value }))}
          />
        )}
      </FormField>
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={values.name}
            maxLength={80}
            placeholder="e.g. New Year's Day"
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          />
        )}
      </FormField>
      {several || values.siteId !== '' ? (
        <SiteSelect
          sites={sites}
          value={values.siteId}
          onChange={(siteId) => setValues((v) => ({ ...v, siteId }))}
          inherit="All sites"
          hint="A holiday of one site is a workday at the others."
          error={errors.siteId}
        />
      ) : null}
    </FormDialog>
  );
}
