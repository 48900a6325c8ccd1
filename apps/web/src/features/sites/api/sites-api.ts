import { type CreateSiteRequest, sitesApi, type UpdateSiteRequest } from '@atrium/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { siteKeys } from '@/lib/queries/sites';

// Other features read the list through lib/queries/sites (features do not import each other).
export { siteKeys, sitesQuery } from '@/lib/queries/sites';

/**
 * A site change moves what "today" means, and the first site's zone is the organisation's (its
 * settings and the app info every screen's clock reads), so those refresh with the list.
 */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: siteKeys.all }),
      client.invalidateQueries({ queryKey: ['organisation'] }),
      client.invalidateQueries({ queryKey: ['app-info'] }),
    ]);
}

export function useCreateSite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateSiteRequest) => call(sitesApi.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateSite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSiteRequest }) =>
      call(sitesApi.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(sitesApi.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
