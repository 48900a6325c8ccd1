import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { shellApi } from '@/lib/shell-endpoints';

/** Public facts: whether this is the demo installation, and the organisation's time zone. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => call(shellApi.appInfo, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
