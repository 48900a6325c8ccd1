import { ChangePasswordRequest } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import {
  type Checked,
  checkForm,
  type FieldErrors,
  serverFieldErrors,
  type Wording,
} from '@/lib/form-errors';
import { useChangePassword } from '../api/profile-api';

const LABELS = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};
type Field = keyof typeof LABELS;
type Errors = FieldErrors<Field>;

/** The server names fields by their API names; the form says it in its own words. */
const SERVER_WORDING: Wording<Field> = {
  currentPassword: { incorrect: 'That is not your current password.' },
  newPassword: {
    not_common: 'This is one of the most common passwords. Choose one that is harder to guess.',
    differs: 'The new password must differ from your current one.',
  },
};

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Checks the form with the contract's schema, then the two rules only the form knows. */
function check(values: typeof EMPTY): Checked<ChangePasswordRequest, Field> {
  const checked = checkForm(ChangePasswordRequest, values, LABELS);
  const errors: Errors = checked.ok ? {} : { ...checked.errors };
  if (!errors.confirmPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = values.confirmPassword
      ? 'The two new passwords do not match.'
      : 'Confirm new password is required';
  }
  if (!errors.newPassword && values.newPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = SERVER_WORDING.newPassword?.differs;
  }
  return checked.ok && Object.keys(errors).length === 0 ? checked : { ok: false, errors };
}

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();
  const toast = useToast();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    change.mutate(checked.data, {
      onSuccess: ({ endedSessions }) => {
        setValues(EMPTY);
        toast.success(
          endedSessions === 0
            ? 'Password changed'
            : `Password changed. ${endedSessions === 1 ? '1 other session was' : `${endedSessions} other sessions were`} signed out.`,
        );
      },
      onError: (error) => {
        const fields = serverFieldErrors(error, LABELS, SERVER_WORDING);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          toast.error(errorMessage(error, 'Failed to change the password'));
      },
    });
  };

  // A plain function, not a component: a component declared here would remount on every keystroke.
  const passwordField = (field: Field, autoComplete: string, hint?: string) => (
    <FormField label={LABELS[field]} error={errors[field]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={autoComplete}
          className={`mt-1 ${inputClasses}`}
          value={values[field]}
          onChange={set(field)}
        />
      )}
    </FormField>
  );

  return (
    <Card aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title">Change Password</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-md gap-4">
          {passwordField('currentPassword', 'current-password')}
          {passwordField(
            'newPassword',
            'new-password',
            'At least 10 characters, and not one of the most common passwords. A few unrelated words make a strong one.',
          )}
          {passwordField('confirmPassword', 'new-password')}
          <p className="text-sm text-slate-600">
            Your other sessions are signed out when the password changes.
          </p>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
