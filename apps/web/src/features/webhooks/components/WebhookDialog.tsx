import { CreateWebhookRequest, type Webhook, type WebhookEventType } from '@atrium/contract';
import { type FormEvent, useState } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { FieldError } from '@/components/ui/FieldError';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage, isApiError } from '@/lib/api';
import { checkForm, type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks-api';
import { EVENT_GROUPS, EVENT_LABELS, GROUP_LABELS } from '../lib/event-types';

const LABELS = { url: 'URL', eventTypes: 'Event types', description: 'Description' };
type Errors = FieldErrors<keyof typeof LABELS>;

/** The server's messages name the rule only ("must not point at ..."): the form puts the label first. */
function labelled(errors: Errors): Errors {
  const out: Errors = {};
  for (const [field, message] of Object.entries(errors) as [keyof typeof LABELS, string][])
    out[field] = message.startsWith('must') ? `${LABELS[field]} ${message}` : message;
  return out;
}

/** Adding a webhook (its secret is then shown once) or editing one's URL, description and events. */
export function WebhookDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook?: Webhook;
  onClose: () => void;
  /** A secret was made (a new webhook, or a rotation): the caller shows it once. */
  onCreated?: (created: { url: string; secret: string }) => void;
}) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(webhook?.event_types ?? []));
  const [rotate, setRotate] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const toast = useToast();
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((old) => {
      const next = new Set(old);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const eventTypes = EVENT_GROUPS.flatMap((g) => g.types).filter((t) => types.has(t));
    const checked = checkForm(CreateWebhookRequest, { url, eventTypes, description }, LABELS, {
      eventTypes: { too_small: 'Choose at least one event type' },
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const onError = (error: unknown) => setErrors(labelled(serverFieldErrors(error, LABELS)));
    if (webhook) {
      update.mutate(
        {
          id: webhook.id,
          body: {
            ...checked.data,
            description: checked.data.description || null,
            ...(rotate ? { rotateSecret: true } : {}),
          },
        },
        {
          onSuccess: (saved) => {
            toast.success('Webhook saved');
            if (saved.secret) onCreated?.({ url: saved.webhook.url, secret: saved.secret });
            else onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(checked.data, {
        onSuccess: (created) => {
          toast.success('Webhook added');
          onCreated?.({ url: created.webhook.url, secret: created.secret ?? '' });
        },
        onError,
      });
    }
  };

  const fieldFailure = isApiError(failure) && Object.keys(errors).length > 0;
  return (
    <FormDialog
      onClose={onClose}
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      formId="webhook-form"
      busy={busy}
      submitLabel={busy ? 'Saving...' : webhook ? 'Save' : 'Add webhook'}
      onSubmit={submit}
      formClassName="space-y-4"
    >
      <FormField
        label="URL"
        error={errors.url}
        hint="Where Atrium POSTs each event as JSON, e.g. https://example.com/atrium-hook"
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            className={`mt-1 ${inputClasses}`}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description} hint="Optional: what receives it.">
        {(control) => (
          <input
            {...control}
            className={`mt-1 ${inputClasses}`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </FormField>
      <fieldset aria-describedby={errors.eventTypes ? 'webhook-types-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Event types</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {EVENT_GROUPS.map(({ group, types: inGroup }) => (
            <fieldset key={group} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {GROUP_LABELS[group]}
              </legend>
              {inGroup.map((type) => (
                <label key={type} className="flex items-center gap-2 py-1 text-sm text-slate-800">
                  <Checkbox checked={types.has(type)} onChange={(e) => toggle(type, e.target.checked)} />
                  {EVENT_LABELS[type]}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
        <FieldError id="webhook-types-error" message={errors.eventTypes} />
      </fieldset>
      {webhook ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <Checkbox checked={rotate} onChange={(e) => setRotate(e.target.checked)} />
          <span>
            Make a new signing secret
            <span className="block text-xs text-slate-600">
              The current one stops signing at once; the new one is shown once.
            </span>
          </span>
        </label>
      ) : null}
      <FormAlert>
        {failure && !fieldFailure ? errorMessage(failure, 'The webhook could not be saved') : null}
      </FormAlert>
    </FormDialog>
  );
}
