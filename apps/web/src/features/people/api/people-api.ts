import {
  type PersonDetailResponse,
  type PersonFields,
  type PersonStatus,
  peopleApi,
  type UpdatePersonRequest,
} from '@atrium/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';

const PAGE_SIZE = 50;

/** Every key starts with 'people', so any saved change refreshes the list and the person page. */
export const peopleKeys = {
  all: ['people'] as const,
  list: (filters: PeopleFilters) => ['people', 'list', filters] as const,
  person: (id: number) => ['people', 'person', id] as const,
};

export interface PeopleFilters {
  search?: string;
  department?: number;
  status: PersonStatus;
}

export const peopleQueries = {
  /** People in name order, a keyset page at a time ("Load more"). */
  list: (filters: PeopleFilters) =>
    infiniteQueryOptions({
      queryKey: peopleKeys.list(filters),
      queryFn: ({ pageParam, signal }) =>
        call(peopleApi.users, { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam }, signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  person: (id: number) =>
    queryOptions({
      queryKey: peopleKeys.person(id),
      queryFn: ({ signal }) => call(peopleApi.person, { params: { id }, signal }),
    }),
};

function useInvalidatePeople() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: peopleKeys.all });
}

export function useCreatePerson() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: PersonFields) => call(peopleApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdatePerson(id: number) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (body: UpdatePersonRequest) =>
      call(peopleApi.update, { params: { id }, body }).then((r) => r.person),
    onSuccess: invalidate,
  });
}

export function useSetActive(id: number) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ active, endDate }: { active: boolean; endDate?: string }) =>
      (active
        ? call(peopleApi.enable, { params: { id } })
        : call(peopleApi.disable, { params: { id }, body: endDate ? { endDate } : {} })
      ).then((r) => r.person),
    onSuccess: invalidate,
  });
}

export function useMakeInvitation(id: number) {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: () => call(peopleApi.invitation, { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * Sets the person's own leave approver, or with null leaves their leave to their department's
 * managers. The page shows the answer at once, then reads everything again (waiting
 * applications follow the change on the server).
 */
export function useSetLeaveApprover(id: number) {
  const client = useQueryClient();
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (approverId: number | null) =>
      call(peopleApi.setLeaveApprover, { params: { id }, body: { approverId } }).then((r) => r.person),
    onSuccess: (person) => {
      client.setQueryData<PersonDetailResponse>(peopleKeys.person(id), (detail) =>
        detail ? { ...detail, person } : detail,
      );
      return invalidate();
    },
  });
}
