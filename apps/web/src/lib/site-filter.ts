import { accountApi } from '@atrium/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { sitesQuery } from '@/lib/queries/sites';

const preferenceKeys = { all: ['account', 'preferences'] as const };

const preferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => call(accountApi.preferences, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The site the person's screens are filtered to, or null for every site. A remembered site that
 * is gone, or an organisation with one site, means every site: a filter that hides nothing.
 */
export function useSiteFilter() {
  const sites = useQuery(sitesQuery());
  const preferences = useQuery(preferencesQuery());
  const list = sites.data ?? [];
  const chosen = preferences.data?.site_id ?? null;
  const site = list.length > 1 ? (list.find((s) => s.id === chosen) ?? null) : null;
  return { siteId: site?.id ?? null, site, sites: list };
}

/** The site filter as a query parameter: none for every site. */
export const siteQuery = (siteId: number | null): { siteId?: number } => (siteId === null ? {} : { siteId });

/** Shown at once (the choice is the person's own), then kept on the server for their other browsers. */
export function useChooseSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siteId: number | null) => call(accountApi.updatePreferences, { body: { siteId } }),
    onMutate: (siteId) => client.setQueryData(preferenceKeys.all, { site_id: siteId }),
    onSettled: () => client.invalidateQueries({ queryKey: preferenceKeys.all }),
  });
}
