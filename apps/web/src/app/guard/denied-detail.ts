/**
 * What staff are told on the pages the spec names (section 6: "only administrators can access
 * people counting analytics or reports"), by the page's first path segment.
 */
const DENIED_DETAIL: Record<string, string> = {
  'people-counting': 'Only administrators can access people counting analytics.',
  reports: 'Only administrators can access reports.',
};

/** The refusal's extra line for a path, if the spec words one for its section. */
export function deniedDetail(pathname: string): string | undefined {
  const section = pathname.split('/').filter(Boolean)[0] ?? '';
  return DENIED_DETAIL[section];
}
