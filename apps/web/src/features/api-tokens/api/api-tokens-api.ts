import { apiTokensApi, type CreateApiTokenRequest } from '@atrium/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const API_TOKENS_PAGE_SIZE = 25;

const apiTokensKey = ['api-tokens'] as const;

export const apiTokensQuery = () =>
  infiniteQueryOptions({
    queryKey: apiTokensKey,
    queryFn: ({ pageParam, signal }) =>
      call(apiTokensApi.list, { query: { limit: API_TOKENS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useApiTokens = () => useInfiniteQuery(apiTokensQuery());

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) => call(apiTokensApi.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(apiTokensApi.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
