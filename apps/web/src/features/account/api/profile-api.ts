import { accountApi, type ChangePasswordRequest, type MailPreferencesRequest } from '@atrium/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const profileKeys = {
  all: ['account'] as const,
  profile: () => ['account', 'profile'] as const,
  sessions: () => ['account', 'sessions'] as const,
  mail: () => ['account', 'mail-preferences'] as const,
};

export const profileQueries = {
  profile: () =>
    queryOptions({
      queryKey: profileKeys.profile(),
      queryFn: ({ signal }) => call(accountApi.profile, { signal }).then((r) => r.profile),
    }),
  sessions: () =>
    queryOptions({
      queryKey: profileKeys.sessions(),
      queryFn: ({ signal }) => call(accountApi.sessions, { signal }).then((r) => r.sessions),
    }),
  mail: () =>
    queryOptions({
      queryKey: profileKeys.mail(),
      queryFn: ({ signal }) => call(accountApi.mailPreferences, { signal }),
    }),
};

/** The session list changes with each of these: a password change ends the other sessions too. */
function useRefreshSessions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: profileKeys.sessions() });
}

export function useChangePassword() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => call(accountApi.changePassword, { body }),
    onSuccess: refresh,
  });
}

export function useEndSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: string) => call(accountApi.endSession, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () => call(accountApi.endOtherSessions),
    onSuccess: refresh,
  });
}

/** Saves the person's choice of mails; the answer is what the server kept, shown at once. */
export function useUpdateMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesRequest) => call(accountApi.updateMailPreferences, { body }),
    onSuccess: (answer) => client.setQueryData(profileKeys.mail(), answer),
  });
}
