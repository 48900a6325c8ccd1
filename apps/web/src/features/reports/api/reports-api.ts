import {
  peopleApi,
  type ReportExportQuery,
  type ReportQuery,
  type ReportType,
  reportsApi,
  type SetManagerRequest,
} from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download, saveDownload } from '@/lib/api-client';

/** Generate runs on demand (a button), not as a cached query: each press asks the server again. */
export function fetchReport(type: ReportType, query: ReportQuery, signal: AbortSignal) {
  return call(reportsApi.report, { params: { type }, query, signal }).then((r) => r.report);
}

export async function exportReport(type: ReportType, query: ReportExportQuery, signal: AbortSignal) {
  const response = await download(reportsApi.export, { params: { type }, query, signal });
  await saveDownload(response, `${type}-report.${query.format}`);
}

const keys = {
  departments: () => ['reports', 'departments'] as const,
  members: (departmentId: number, search: string) => ['reports', 'members', departmentId, search] as const,
};

/** The departments with their manager's id, to find a report row's department by its (unique) name. */
export const departmentsQuery = () =>
  queryOptions({
    queryKey: keys.departments(),
    queryFn: ({ signal }) => call(peopleApi.departments, { signal }).then((r) => r.departments),
  });

/** The first people of a department matching `search`: the picker narrows by typing. */
export const MEMBERS_SHOWN = 50;
export const membersQuery = (departmentId: number, search: string) =>
  queryOptions({
    queryKey: keys.members(departmentId, search),
    queryFn: ({ signal }) =>
      call(peopleApi.users, {
        query: { department: departmentId, search: search || undefined, limit: MEMBERS_SHOWN },
        signal,
      }).then((r) => r.users),
    placeholderData: (previous) => previous,
  });

export function useSetManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ departmentId, ...body }: SetManagerRequest & { departmentId: number }) =>
      call(peopleApi.setManager, { params: { id: departmentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.departments() }),
  });
}
