import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookSettings,
  webhooksApi,
} from '@atrium/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const DELIVERY_PAGE_SIZE = 20;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  settings: () => ['webhooks', 'settings'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export const webhookQueries = {
  list: () =>
    queryOptions({
      queryKey: webhookKeys.list(),
      queryFn: ({ signal }) => call(webhooksApi.list, { signal }).then((r) => r.webhooks),
    }),
  settings: () =>
    queryOptions({
      queryKey: webhookKeys.settings(),
      queryFn: ({ signal }) => call(webhooksApi.settings, { signal }),
    }),
  /** A subscription's deliveries a keyset page at a time ("Load more"): the log grows without end. */
  deliveries: (id: number) =>
    infiniteQueryOptions({
      queryKey: webhookKeys.deliveries(id),
      queryFn: ({ pageParam, signal }) =>
        call(webhooksApi.deliveries, {
          params: { id },
          query: { limit: DELIVERY_PAGE_SIZE, cursor: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
};

/** Every webhook screen reads under one key: a change refreshes the list and the logs. */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => call(webhooksApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookRequest }) =>
      call(webhooksApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(webhooksApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRedeliver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      call(webhooksApi.redeliver, { params: { id, deliveryId } }),
    onSuccess: invalidate,
  });
}

export function useTestWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(webhooksApi.test, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSaveWebhookSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: WebhookSettings) => call(webhooksApi.updateSettings, { body }),
    onSuccess: invalidate,
  });
}
