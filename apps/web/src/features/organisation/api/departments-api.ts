import {
  type DepartmentNameRequest,
  departmentsApi,
  peopleApi,
  type ScheduleRequest,
} from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateDepartments } from '@/lib/queries/departments';
import { organisationKeys } from './organisation-api';

/** Under organisationKeys.all, so any organisation change refreshes them too. */
const keys = {
  schedules: () => [...organisationKeys.all, 'schedules'] as const,
  people: (search: string) => [...organisationKeys.all, 'people', search] as const,
};

export const schedulesQuery = () =>
  queryOptions({
    queryKey: keys.schedules(),
    queryFn: ({ signal }) => call(departmentsApi.schedules, { signal }),
  });

/** How many people a person picker lists before asking to narrow. */
export const PEOPLE_SHOWN = 50;
/** The active people of the whole organisation matching `search`, in name order (a person picker). */
export const activePeopleQuery = (search: string) =>
  queryOptions({
    queryKey: keys.people(search),
    queryFn: ({ signal }) =>
      call(peopleApi.users, {
        query: { search: search || undefined, status: 'active', limit: PEOPLE_SHOWN },
        signal,
      }).then((r) => r.users),
    placeholderData: (previous) => previous,
  });

/** Schedules and the person picker sit under organisation; the departments under their shared key. */
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

/** Sets a department's managers in order (the first decides); an empty list leaves it with none. */
export function useSetDepartmentManagers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ departmentId, managerIds }: { departmentId: number; managerIds: number[] }) =>
      call(departmentsApi.setManagers, { params: { id: departmentId }, body: { managerIds } }),
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
