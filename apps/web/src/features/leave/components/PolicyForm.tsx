import { type ApprovalRoute, type LeavePolicy, LeavePolicyRequest } from '@atrium/contract';
import { useState } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError } from '@/components/ui/FieldError';
import { FormDialog } from '@/components/ui/FormDialog';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSavePolicy } from '../api/leave-api';
import { APPROVAL_ROUTES } from '../lib/format';

const LABELS = {
  name: 'Name',
  leaveCode: 'Code',
  description: 'Description',
  maxDays: 'Max days per year',
  carryForwardCap: 'Cap',
  approvalRoute: 'Approval route',
  adminStepOverDays: 'Add administrator step above (days)',
};
type Errors = FieldErrors<keyof typeof LABELS>;

/** Add or edit a policy (and its leave type) in a dialog. */
export function PolicyForm({
  policy,
  open,
  onClose,
}: {
  policy: LeavePolicy | null;
  open: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    name: policy?.name ?? '',
    leaveCode: policy?.leave_code ?? '',
    description: policy?.description ?? '',
    maxDays: String(policy?.max_days ?? 0),
    carryForward: policy?.carry_forward ?? false,
    carryForwardCap: String(policy?.carry_forward_cap ?? 0),
    requiresApproval: policy?.requires_approval ?? true,
    approvalRoute: policy?.approval_route ?? ('manager' as ApprovalRoute),
    /** Empty: never adds the administrator's step. */
    adminStepOverDays: policy?.admin_step_over_days == null ? '' : String(policy.admin_step_over_days),
    workingDaysOnly: policy?.working_days_only ?? false,
    paid: policy?.paid ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePolicy();
  const toast = useToast();

  /** The form's text as the request the contract describes; blank numbers stay invalid (NaN). */
  const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const request = (): LeavePolicyRequest => ({
    name: values.name,
    leaveCode: values.leaveCode,
    description: values.description,
    maxDays: numberOf(values.maxDays),
    carryForward: values.carryForward,
    carryForwardCap: values.carryForward ? numberOf(values.carryForwardCap) : 0,
    requiresApproval: values.requiresApproval,
    approvalRoute: values.approvalRoute,
    // Only the manager's route takes an administrator's step above a number of days.
    adminStepOverDays:
      values.requiresApproval && values.approvalRoute === 'manager' && values.adminStepOverDays.trim() !== ''
        ? numberOf(values.adminStepOverDays)
        : null,
    workingDaysOnly: values.workingDaysOnly,
    paid: values.paid,
  });

  const submit = () => {
    // The contract's own schema: the form refuses exactly what the server would.
    const checked = checkForm(LeavePolicyRequest, request(), LABELS);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const body = checked.data;
    save.mutate(
      { id: policy?.id, body },
      {
        onSuccess: () => {
          toast.success(policy ? 'Policy updated successfully!' : 'Policy added successfully!');
          onClose();
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error, LABELS));
          toast.error(errorMessage(error, 'Failed to save policy'));
        },
      },
    );
  };

  const field = (key: keyof typeof values, value: string | boolean) =>
    setValues((v) => ({ ...v, [key]: value }));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={policy ? `Edit ${policy.name}` : 'Add Policy'}
      formId="leave-policy-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      submitLabel={save.isPending ? 'Saving...' : 'Save Policy'}
      busy={save.isPending}
      formClassName="grid gap-4"
    >
      <div>
        <label htmlFor="policy-name" className="mb-1 block text-sm font-medium text-slate-800">
          Name
        </label>
        <input
          id="policy-name"
          className={inputClasses}
          value={values.name}
          maxLength={80}
          onChange={(e) => field('name', e.target.value)}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? 'policy-name-error' : undefined}
        />
        <FieldError id="policy-name-error" message={errors.name} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="policy-code" className="mb-1 block text-sm font-medium text-slate-800">
            Code
          </label>
          <input
            id="policy-code"
            className={inputClasses}
            value={values.leaveCode}
            maxLength={16}
            onChange={(e) => field('leaveCode', e.target.value.toUpperCase())}
            aria-invalid={Boolean(errors.leaveCode)}
            aria-describedby={errors.leaveCode ? 'policy-code-error' : undefined}
          />
          <FieldError id="policy-code-error" message={errors.leaveCode} />
        </div>
        <div>
          <label htmlFor="policy-max" className="mb-1 block text-sm font-medium text-slate-800">
            Max days per year
          </label>
          <input
            id="policy-max"
            type="number"
            min={0}
            max={366}
            inputMode="numeric"
            className={inputClasses}
            value={values.maxDays}
            onChange={(e) => field('maxDays', e.target.value)}
            aria-invalid={Boolean(errors.maxDays)}
            aria-describedby={errors.maxDays ? 'policy-max-error' : 'policy-max-hint'}
          />
          <p id="policy-max-hint" className="mt-1 text-xs text-slate-500">
            0 means no limit
          </p>
          <FieldError id="policy-max-error" message={errors.maxDays} />
        </div>
      </div>
      <div>
        <label htmlFor="policy-description" className="mb-1 block text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          id="policy-description"
          rows={2}
          maxLength={500}
          className={inputClasses}
          value={values.description}
          onChange={(e) => field('description', e.target.value)}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? 'policy-description-error' : undefined}
        />
        <FieldError id="policy-description-error" message={errors.description} />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox checked={values.carryForward} onChange={(e) => field('carryForward', e.target.checked)} />
          Carry forward unused days
        </label>
        {values.carryForward ? (
          <div>
            <label htmlFor="policy-cap" className="mb-1 block text-sm font-medium text-slate-800">
              Cap (days)
            </label>
            <input
              id="policy-cap"
              type="number"
              min={0}
              max={366}
              className={`${inputClasses} w-28`}
              value={values.carryForwardCap}
              onChange={(e) => field('carryForwardCap', e.target.value)}
              aria-invalid={Boolean(errors.carryForwardCap)}
              aria-describedby={errors.carryForwardCap ? 'policy-cap-error' : undefined}
            />
            <FieldError id="policy-cap-error" message={errors.carryForwardCap} />
          </div>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <Checkbox
          checked={values.requiresApproval}
          onChange={(e) => field('requiresApproval', e.target.checked)}
        />
        Requires approval
      </label>
      {values.requiresApproval ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="policy-route" className="mb-1 block text-sm font-medium text-slate-800">
              Approval route
            </label>
            <select
              id="policy-route"
              className={inputClasses}
              value={values.approvalRoute}
              onChange={(e) => field('approvalRoute', e.target.value as ApprovalRoute)}
              aria-invalid={Boolean(errors.approvalRoute)}
              aria-describedby={errors.approvalRoute ? 'policy-route-error' : undefined}
            >
              {APPROVAL_ROUTES.map((route) => (
                <option key={route.value} value={route.value}>
                  {route.label}
                </option>
              ))}
            </select>
            <FieldError id="policy-route-error" message={errors.approvalRoute} />
          </div>
          {values.approvalRoute === 'manager' ? (
            <div>
              <label htmlFor="policy-admin-step" className="mb-1 block text-sm font-medium text-slate-800">
                Add administrator step above (days)
              </label>
              <input
                id="policy-admin-step"
                type="number"
                min={0}
                max={366}
                inputMode="numeric"
                className={inputClasses}
                value={values.adminStepOverDays}
                onChange={(e) => field('adminStepOverDays', e.target.value)}
                aria-invalid={Boolean(errors.adminStepOverDays)}
                aria-describedby={
                  errors.adminStepOverDays ? 'policy-admin-step-error' : 'policy-admin-step-hint'
                }
              />
              <p id="policy-admin-step-hint" className="mt-1 text-xs text-slate-500">
                Longer applications also need an administrator; empty means never
              </p>
              <FieldError id="policy-admin-step-error" message={errors.adminStepOverDays} />
            </div>
          ) : null}
        </div>
      ) : null}
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox
            checked={values.workingDaysOnly}
            onChange={(e) => field('workingDaysOnly', e.target.checked)}
            aria-describedby="policy-working-days-hint"
          />
          Counts working days only
        </label>
        <p id="policy-working-days-hint" className="mt-1 text-xs text-slate-500">
          Weekends of the applicant's schedule and public holidays are not counted. Applications already made
          keep the days they charged.
        </p>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox
            checked={values.paid}
            onChange={(e) => field('paid', e.target.checked)}
            aria-describedby="policy-paid-hint"
          />
          Paid leave
        </label>
        <p id="policy-paid-hint" className="mt-1 text-xs text-slate-500">
          The Payroll report lists this type's days as paid or unpaid.
        </p>
      </div>
    </FormDialog>
  );
}
