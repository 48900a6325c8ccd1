import { peopleApi } from '@atrium/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** How many people the directory lists for a picker before asking to narrow (its most). */
export const DIRECTORY_PEOPLE_SHOWN = 50;

/**
 * Active people matching `search` in name order, names and departments only: the person pickers
 * of managers (whom to hand approvals to) and of the person page (a leave approver). Under the
 * 'people' key, so a person saved anywhere refreshes it.
 */
export const directoryQuery = (search: string) =>
  queryOptions({
    queryKey: ['people', 'directory', search] as const,
    queryFn: ({ signal }) =>
      call(peopleApi.directory, {
        query: { search: search || undefined, limit: DIRECTORY_PEOPLE_SHOWN },
        signal,
      }).then((r) => r.people),
    placeholderData: (previous) => previous,
  });
