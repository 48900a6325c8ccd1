import { ssoApi, type UpdateSsoSettingsRequest } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const ssoQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['organisation', 'sso'] as const,
      queryFn: ({ signal }) => call(ssoApi.ssoSettings, { signal }).then((r) => r.settings),
    }),
};

export function useSaveSso() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSsoSettingsRequest) =>
      call(ssoApi.updateSsoSettings, { body }).then((r) => r.settings),
    // The login page's button lives in the public app info.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['organisation', 'sso'] }),
        client.invalidateQueries({ queryKey: ['app-info'] }),
      ]),
  });
}
