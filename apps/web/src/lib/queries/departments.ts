import { departmentsApi, peopleApi } from '@atrium/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * Every screen that shows departments reads them through these queries, all under one key, so
 * a department saved on one screen refreshes the others.
 */
export const departmentKeys = {
  all: ['departments'] as const,
  list: () => ['departments', 'list'] as const,
  summaries: () => ['departments', 'summaries'] as const,
};

export const departmentQueries = {
  /** Each department's name and manager, for everyone: filters and pickers. */
  list: () =>
    queryOptions({
      queryKey: departmentKeys.list(),
      queryFn: ({ signal }) => call(peopleApi.departments, { signal }).then((r) => r.departments),
      staleTime: 60_000,
    }),
  /** With each one's manager's name and head counts, for administrators. */
  summaries: () =>
    queryOptions({
      queryKey: departmentKeys.summaries(),
      queryFn: ({ signal }) => call(departmentsApi.list, { signal }).then((r) => r.departments),
    }),
};

/** For every mutation that adds, renames, deletes or re-manages a department. */
export function useInvalidateDepartments(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: departmentKeys.all });
}
