import {
  type CopyHolidaysRequest,
  type HolidayRequest,
  type OrganisationSettingsRequest,
  organisationApi,
} from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateHolidays } from '@/lib/queries/holidays';
import { siteKeys } from '@/lib/queries/sites';

/** Every key starts with 'organisation', so a saved change refreshes what depends on it. */
export const organisationKeys = {
  all: ['organisation'] as const,
  settings: () => ['organisation', 'settings'] as const,
};

export const organisationQueries = {
  settings: () =>
    queryOptions({
      queryKey: organisationKeys.settings(),
      queryFn: ({ signal }) => call(organisationApi.settings, { signal }).then((r) => r.settings),
    }),
};

function useInvalidateOrganisation() {
  const client = useQueryClient();
  // The time zone also lives in the public app info every screen reads its clock from, and it and
  // the work week are the first site's.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: organisationKeys.all }),
      client.invalidateQueries({ queryKey: ['app-info'] }),
      client.invalidateQueries({ queryKey: siteKeys.all }),
    ]);
}

export function useSaveSettings() {
  const invalidate = useInvalidateOrganisation();
  return useMutation({
    mutationFn: (body: OrganisationSettingsRequest) =>
      call(organisationApi.updateSettings, { body }).then((r) => r.settings),
    onSuccess: invalidate,
  });
}

export function useSaveHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: HolidayRequest }) =>
      (id === undefined
        ? call(organisationApi.createHoliday, { body })
        : call(organisationApi.updateHoliday, { params: { id }, body })
      ).then((r) => r.holiday),
    onSuccess: invalidate,
  });
}

export function useDeleteHoliday() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: (id: number) => call(organisationApi.deleteHoliday, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCopyHolidays() {
  const invalidate = useInvalidateHolidays();
  return useMutation({
    mutationFn: (body: CopyHolidaysRequest) => call(organisationApi.copyHolidays, { body }),
    onSuccess: invalidate,
  });
}
