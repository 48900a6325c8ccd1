import { type DelegationRequest, delegationApi } from '@atrium/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { teamKeys } from './team-api';

/** Under teamKeys.all (the delegate picker reads the shared people directory, lib/queries). */
export const delegationKeys = {
  all: [...teamKeys.all, 'delegation'] as const,
  mine: () => [...teamKeys.all, 'delegation', 'mine'] as const,
};

export const delegationQueries = {
  /**
   * The caller's delegation of their approvals, current or ahead, or null. Someone who manages
   * no department themselves (they only hold approvals handed to them) is answered 403.
   */
  mine: () =>
    queryOptions({
      queryKey: delegationKeys.mine(),
      queryFn: ({ signal }) => call(delegationApi.get, { signal }).then((r) => r.delegation),
    }),
};

export const useMyDelegation = () => useQuery(delegationQueries.mine());

function useInvalidateDelegation() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: delegationKeys.mine() });
}

/** Hands the caller's approvals to someone from `from` to `to` (replacing any delegation). */
export function useSetDelegation() {
  const client = useQueryClient();
  const invalidate = useInvalidateDelegation();
  return useMutation({
    mutationFn: (body: DelegationRequest) => call(delegationApi.set, { body }).then((r) => r.delegation),
    onSuccess: (delegation) => {
      client.setQueryData(delegationKeys.mine(), delegation);
      return invalidate();
    },
  });
}

/** Ends the caller's delegation at once. */
export function useEndDelegation() {
  const client = useQueryClient();
  const invalidate = useInvalidateDelegation();
  return useMutation({
    mutationFn: () => call(delegationApi.end),
    onSuccess: () => {
      client.setQueryData(delegationKeys.mine(), null);
      return invalidate();
    },
  });
}
