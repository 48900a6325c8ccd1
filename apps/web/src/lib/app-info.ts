import type { AppInfo } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Public facts: whether this is the demo installation, and the organisation's time zone. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => api.get<AppInfo>('/app-info', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
