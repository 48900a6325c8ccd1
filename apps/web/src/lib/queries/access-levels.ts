import {
  accessLevelsApi,
  type CreateAccessGrantRequest,
  type CreateAccessLevelRequest,
  type UpdateAccessGrantRequest,
  type UpdateAccessLevelRequest,
} from '@atrium/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * Access levels and their grants, read by the organisation's levels, the person page and (through
 * permissions) My Access. Under one key, so a change made on one screen refreshes the others.
 */
export const accessLevelKeys = {
  all: ['access-levels'] as const,
  list: () => ['access-levels', 'list'] as const,
  grants: (filter: GrantFilter) => ['access-levels', 'grants', filter] as const,
};

/** Whose grants: one level's, one person's or one department's. */
export type GrantFilter = { level_id: number } | { user_id: number } | { department_id: number };

export const GRANT_PAGE_SIZE = 25;

export const accessLevelQueries = {
  list: () =>
    queryOptions({
      queryKey: accessLevelKeys.list(),
      queryFn: ({ signal }) => call(accessLevelsApi.levels, { signal }).then((r) => r.levels),
    }),
  /** Grants a keyset page at a time ("Load more"): a level can be granted to thousands of people. */
  grants: (filter: GrantFilter) =>
    infiniteQueryOptions({
      queryKey: accessLevelKeys.grants(filter),
      queryFn: ({ pageParam, signal }) =>
        call(accessLevelsApi.grants, {
          query: { ...filter, limit: GRANT_PAGE_SIZE, cursor: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
};

/**
 * What a level or grant change can alter besides the levels: My Access and the access screens
 * ('access'), and the person page's permissions ('people'), named by their keys' first part.
 */
function useInvalidateAccessLevels() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [accessLevelKeys.all, ['access'], ['people']].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

export function useSaveAccessLevel() {
  const invalidate = useInvalidateAccessLevels();
  return useMutation({
    mutationFn: (
      args:
        | { id: number; body: UpdateAccessLevelRequest }
        | { id?: undefined; body: CreateAccessLevelRequest },
    ) =>
      (args.id === undefined
        ? call(accessLevelsApi.createLevel, { body: args.body as CreateAccessLevelRequest })
        : call(accessLevelsApi.updateLevel, { params: { id: args.id }, body: args.body })
      ).then((r) => r.level),
    onSettled: invalidate,
  });
}

export function useDeleteAccessLevel() {
  const invalidate = useInvalidateAccessLevels();
  return useMutation({
    mutationFn: (id: number) => call(accessLevelsApi.deleteLevel, { params: { id } }),
    onSettled: invalidate,
  });
}

export function useCreateGrant() {
  const invalidate = useInvalidateAccessLevels();
  return useMutation({
    mutationFn: (body: CreateAccessGrantRequest) =>
      call(accessLevelsApi.createGrant, { body }).then((r) => r.grant),
    onSettled: invalidate,
  });
}

export function useUpdateGrant() {
  const invalidate = useInvalidateAccessLevels();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAccessGrantRequest }) =>
      call(accessLevelsApi.updateGrant, { params: { id }, body }).then((r) => r.grant),
    onSettled: invalidate,
  });
}

export function useRevokeGrant() {
  const invalidate = useInvalidateAccessLevels();
  return useMutation({
    mutationFn: (id: number) => call(accessLevelsApi.deleteGrant, { params: { id } }),
    onSettled: invalidate,
  });
}
