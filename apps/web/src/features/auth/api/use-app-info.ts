import type { AppInfo } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Public facts for the login page, such as whether this is the demo installation. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => api.get<AppInfo>('/app-info', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
