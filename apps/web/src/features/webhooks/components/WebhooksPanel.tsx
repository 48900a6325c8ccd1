import type { Webhook } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { instantText } from '@/lib/dates';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, webhookQueries } from '../api/webhooks-api';
import { DELIVERY_STATUS, EVENT_LABELS } from '../lib/event-types';
import { DeliveryLog } from './DeliveryLog';
import { PrivateAddressesSwitch } from './PrivateAddressesSwitch';
import { SecretDialog } from './SecretDialog';
import { WebhookDialog } from './WebhookDialog';

/**
 * Organisation > Webhooks: the URLs other systems gave to be told of events, each with its
 * delivery log. Messages follow Standard Webhooks (signed with the secret shown once).
 */
export function WebhooksPanel() {
  const webhooks = useQuery(webhookQueries.list());
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="webhooks-title">Webhooks</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Atrium POSTs each chosen event to these URLs, signed (Standard Webhooks), and retries for 24
            hours.
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add webhook
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <PrivateAddressesSwitch />
        <QueryState
          query={webhooks}
          what="Webhooks"
          keepDataOnError
          isEmpty={(data) => data.length === 0}
          empty="No webhooks yet."
        >
          {(data) => (
            <ul aria-labelledby="webhooks-title" className="divide-y divide-slate-100">
              {data.map((webhook) => (
                <WebhookItem key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      {adding ? (
        <WebhookDialog
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
          }}
        />
      ) : null}
      {secret ? <SecretDialog {...secret} onClose={() => setSecret(null)} /> : null}
    </Card>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const toast = useToast();
  const last = webhook.last_delivery;
  const logId = `webhook-log-${webhook.id}`;
  const labelId = `webhook-url-${webhook.id}`;
  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: webhook.id, body: { enabled } },
      {
        onSuccess: () => toast.success(enabled ? 'Webhook enabled' : 'Webhook disabled'),
        onError: (error) => toast.error(errorMessage(error, 'The webhook could not be changed')),
      },
    );
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span id={labelId} className="break-all font-medium text-slate-900">
              {webhook.url}
            </span>
            {webhook.enabled ? (
              webhook.failing_since ? (
                <Badge tone="warning">Failing</Badge>
              ) : (
                <Badge tone="success">Enabled</Badge>
              )
            ) : (
              <Badge tone="neutral">Disabled</Badge>
            )}
          </p>
          {webhook.description ? <p className="text-sm text-slate-700">{webhook.description}</p> : null}
          <p className="text-sm text-slate-700">
            {webhook.event_types.map((t) => EVENT_LABELS[t]).join(' · ')}
          </p>
          {webhook.disabled_reason ? (
            <p className="text-sm text-red-700">Turned off: {webhook.disabled_reason}</p>
          ) : null}
          <p className="text-xs text-slate-600">
            {last ? (
              <>
                Last delivery: {DELIVERY_STATUS[last.status].label}
                {last.status_code !== null ? ` (HTTP ${last.status_code})` : ''},{' '}
                <time dateTime={last.at}>{instantText(last.at)}</time>
              </>
            ) : (
              'No delivery yet'
            )}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={logId}
            aria-label={`Deliveries of ${webhook.url}`}
            onClick={() => setOpen((o) => !o)}
          >
            Deliveries
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Send test to ${webhook.url}`}
            disabled={test.isPending}
            onClick={() =>
              test.mutate(webhook.id, {
                onSuccess: () => {
                  toast.success('Test ping queued');
                  setOpen(true);
                },
                onError: (error) => toast.error(errorMessage(error, 'Could not send a test')),
              })
            }
          >
            Send test
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Edit ${webhook.url}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${webhook.enabled ? 'Disable' : 'Enable'} ${webhook.url}`}
            disabled={update.isPending}
            onClick={() => setEnabled(!webhook.enabled)}
          >
            {webhook.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${webhook.url}`}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        </div>
      </div>
      {open ? (
        <div id={logId} className="mt-3 rounded-lg bg-slate-50 p-3">
          <h3 id={`${logId}-title`} className="mb-2 text-sm font-semibold text-slate-800">
            Delivery log
          </h3>
          <DeliveryLog webhookId={webhook.id} labelId={`${logId}-title`} />
        </div>
      ) : null}
      {editing ? (
        <WebhookDialog
          webhook={webhook}
          onClose={() => setEditing(false)}
          onCreated={(rotated) => {
            setEditing(false);
            setSecret(rotated);
          }}
        />
      ) : null}
      {secret ? <SecretDialog {...secret} onClose={() => setSecret(null)} /> : null}
      {deleting ? <DeleteWebhookDialog webhook={webhook} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}

function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const remove = useDeleteWebhook();
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title="Delete webhook?"
      formId="delete-webhook-form"
      danger
      busy={remove.isPending}
      submitLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(webhook.id, {
          onSuccess: () => {
            toast.success('Webhook deleted');
            onClose();
          },
        });
      }}
    >
      <p className="break-words text-sm text-slate-700">
        {webhook.url} gets no more events, and its delivery log goes with it.
      </p>
      <FormAlert>
        {remove.isError ? errorMessage(remove.error, 'The webhook could not be deleted') : null}
      </FormAlert>
    </FormDialog>
  );
}
