import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A dialog whose body is one form: Cancel and the submit button sit in its footer, the submit
 * button tied to the form by id so Enter in a field and the button do the same thing.
 */
export function FormDialog({
  open = true,
  onClose,
  title,
  formId,
  onSubmit,
  submitLabel,
  busy = false,
  danger = false,
  formClassName = 'space-y-3',
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  formId: string;
  onSubmit: (event: FormEvent) => void;
  submitLabel: ReactNode;
  /** While the change is on its way the submit button waits. */
  busy?: boolean;
  danger?: boolean;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : undefined} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className={formClassName} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
