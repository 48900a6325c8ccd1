import { mailApi } from '@atrium/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const OUTBOX_PAGE_SIZE = 25;

export const outboxQuery = () =>
  infiniteQueryOptions({
    queryKey: ['mail', 'outbox'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(mailApi.outbox, { query: { limit: OUTBOX_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useOutbox = () => useInfiniteQuery(outboxQuery());
