import { type PayrollSettingsRequest, payrollApi } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { organisationKeys } from './organisation-api';

/** Under the organisation's keys, so any saved organisation change refreshes it too. */
const payrollKey = [...organisationKeys.all, 'payroll'] as const;

export const payrollQueries = {
  settings: () =>
    queryOptions({
      queryKey: payrollKey,
      queryFn: ({ signal }) => call(payrollApi.settings, { signal }).then((r) => r.settings),
    }),
};

export function useSavePayrollSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollSettingsRequest) =>
      call(payrollApi.updateSettings, { body }).then((r) => r.settings),
    onSuccess: () => client.invalidateQueries({ queryKey: payrollKey }),
  });
}
