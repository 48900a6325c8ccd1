import { type DelegationRequest, delegationApi, peopleApi } from '@atrium/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { teamKeys } from './team-api';

/** Under teamKeys.all; the person picker's people under the delegation's own key. */
export const delegationKeys = {
  all: [...teamKeys.all, 'delegation'] as const,
  mine: () => [...teamKeys.all, 'delegation', 'mine'] as const,
  people: (search: string) => [...teamKeys.all, 'delegation', 'people', search] as const,
};

/** How many people the delegate picker lists before asking to narrow. */
export const DELEGATE_PEOPLE_SHOWN = 50;

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
  /** The active people matching `search`, in name order: whom the approvals can go to. */
  people: (search: string) =>
    queryOptions({
      queryKey: delegationKeys.people(search),
      queryFn: ({ signal }) =>
        call(peopleApi.directory, {
          query: { search: search || undefined, limit: DELEGATE_PEOPLE_SHOWN },
          signal,
        }).then((r) => r.people),
      placeholderData: (previous) => previous,
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
