import { useQuery } from '@tanstack/react-query';
import { sitesQuery } from '@/lib/queries/sites';

/**
 * The sites a form can place something in. `several` is false while the organisation has one
 * site (or the list has not loaded): forms then show no site select and lists no site, so a
 * one-site install looks as it did before sites.
 */
export function useSiteChoices() {
  const query = useQuery(sitesQuery());
  const sites = query.data ?? [];
  const first = sites.find((s) => s.is_first) ?? sites[0];
  return { sites, several: sites.length > 1, first };
}
