import {
  type DepartmentNameRequest,
  departmentsApi,
  peopleApi,
  type ScheduleRequest,
  type SetManagerRequest,
} from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateDepartments } from '@/lib/queries/departments';
import { organisationKeys } from './organisation-api';

/** Under organisationKeys.all, so any organisation change refreshes them too. */
const keys = {
  schedules: () => [...organisationKeys.all, 'schedules'] as const,
  members: (departmentId: number, search: string) =>
    [...organisationKeys.all, 'members', departmentId, search] as const,
};

export const schedulesQuery = () =>
  queryOptions({
    queryKey: keys.schedules(),
    queryFn: ({ signal }) => call(departmentsApi.schedules, { signal }),
  });

/** How many of a department's people the manager picker lists before asking to narrow. */
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

/** Schedules and the manager picker sit under organisation; the departments under their shared key. */
function useInvalidate() {
  const client = useQueryClient();
  const invalidateDepartments = useInvalidateDepartments();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: organisationKeys.all }), invalidateDepartments()]);
}

export function useSaveDepartment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DepartmentNameRequest }) =>
      (id === undefined
        ? call(departmentsApi.create, { body })
        : call(departmentsApi.rename, { params: { id }, body })
      ).then((r) => r.department),
    onSuccess: invalidate,
  });
}

export function useDeleteDepartment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(departmentsApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSetDepartmentManager() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ departmentId, ...body }: SetManagerRequest & { departmentId: number }) =>
      call(peopleApi.setManager, { params: { id: departmentId }, body }),
    onSettled: invalidate,
  });
}

export function useSaveSchedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ departmentId, body }: { departmentId: number; body: ScheduleRequest }) =>
      call(departmentsApi.setSchedule, { params: { id: departmentId }, body }).then((r) => r.schedule),
    onSuccess: invalidate,
  });
}

export function useSetDepartmentParent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: number; parentId: number | null }) =>
      call(departmentsApi.setParent, { params: { id }, body: { parentId } }).then((r) => r.department),
    onSuccess: invalidate,
  });
}
