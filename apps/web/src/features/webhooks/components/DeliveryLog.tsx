import type { WebhookDelivery } from '@atrium/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { instantText } from '@/lib/dates';
import { useRedeliver, webhookQueries } from '../api/webhooks-api';
import { DELIVERY_STATUS, eventLabel } from '../lib/event-types';

/** One subscription's deliveries, newest first, a keyset page at a time, each with Redeliver. */
export function DeliveryLog({ webhookId, labelId }: { webhookId: number; labelId: string }) {
  const deliveries = useInfiniteQuery(webhookQueries.deliveries(webhookId));
  return (
    <QueryState
      query={deliveries}
      what="Deliveries"
      keepDataOnError
      isEmpty={(data) => data.pages.every((p) => p.deliveries.length === 0)}
      empty="Nothing delivered yet."
    >
      {(data) => (
        <>
          <ul aria-labelledby={labelId} className="divide-y divide-slate-100">
            {data.pages.flatMap((page) =>
              page.deliveries.map((d) => <DeliveryRow key={d.id} webhookId={webhookId} delivery={d} />),
            )}
          </ul>
          <LoadMore
            pages={deliveries}
            what="Older deliveries are"
            size="sm"
            className="mt-3 flex justify-center"
          />
        </>
      )}
    </QueryState>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: WebhookDelivery }) {
  const redeliver = useRedeliver();
  const toast = useToast();
  const status = DELIVERY_STATUS[delivery.status];
  const at = delivery.delivered_at ?? delivery.created_at;
  const what = `${eventLabel(delivery.event_type)} of ${instantText(delivery.created_at)}`;
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{eventLabel(delivery.event_type)}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
          {delivery.redelivery_of ? <span className="text-xs text-slate-600">Redelivery</span> : null}
        </p>
        <p className="text-xs text-slate-600">
          <time dateTime={at}>{instantText(at)}</time>
          {` · ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`}
          {delivery.last_status_code !== null ? ` · HTTP ${delivery.last_status_code}` : ''}
          {delivery.last_response_ms !== null ? ` · ${delivery.last_response_ms} ms` : ''}
          {delivery.status === 'failed' && delivery.next_attempt_at ? (
            <>
              {' · next attempt '}
              <time dateTime={delivery.next_attempt_at}>{instantText(delivery.next_attempt_at)}</time>
            </>
          ) : null}
        </p>
        {delivery.last_error && delivery.status !== 'succeeded' ? (
          <p className="break-words text-xs text-red-700">{delivery.last_error}</p>
        ) : null}
        <p className="break-all font-mono text-xs text-slate-500">{delivery.message_id}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        aria-label={`Redeliver ${what}`}
        disabled={redeliver.isPending}
        onClick={() =>
          redeliver.mutate(
            { id: webhookId, deliveryId: delivery.id },
            {
              onSuccess: () =>
                toast.success(
                  delivery.status === 'failed'
                    ? 'Trying again now, with the same webhook-id'
                    : 'Queued again with the same webhook-id',
                ),
              onError: (error) => toast.error(errorMessage(error, 'Could not redeliver')),
            },
          )
        }
      >
        Redeliver
      </Button>
    </li>
  );
}
