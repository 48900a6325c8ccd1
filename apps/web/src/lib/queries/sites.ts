import { sitesApi } from '@atrium/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * The organisation's sites, read by Organisation > Sites, every site select (departments,
 * people, devices, cameras, holidays) and the site filter: one key, so a site saved on one
 * screen refreshes the others.
 */
export const siteKeys = { all: ['sites'] as const };

/** Every site with its zone and own "today". */
export function sitesQuery() {
  return queryOptions({
    queryKey: siteKeys.all,
    queryFn: ({ signal }) => call(sitesApi.list, { signal }).then((r) => r.sites),
  });
}
