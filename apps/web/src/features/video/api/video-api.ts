import { accessApi, type CameraInput, videoApi } from '@atrium/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '@/lib/api';
import { type BodyIn, call, download, endpointUrl } from '@/lib/api-client';

/** Every key starts with 'video': a live camera status or video event refreshes them all. */
export const videoKeys = {
  all: ['video'] as const,
  cameras: () => ['video', 'cameras'] as const,
  stats: () => ['video', 'stats'] as const,
  events: (limit: number) => ['video', 'events', limit] as const,
  timeline: (id: number, from: string, to: string) => ['video', 'timeline', id, from, to] as const,
};

export const camerasQuery = () =>
  queryOptions({
    queryKey: videoKeys.cameras(),
    queryFn: ({ signal }) => call(videoApi.cameras, { signal }).then((r) => r.cameras),
    // The media URLs carry a token valid for two hours: a fresh list keeps them valid.
    refetchInterval: 10 * 60_000,
  });

export const videoStatsQuery = () =>
  queryOptions({
    queryKey: videoKeys.stats(),
    queryFn: ({ signal }) => call(videoApi.stats, { signal }).then((r) => r.stats),
    refetchInterval: 60_000,
  });

export const EVENTS_PAGE = 10;

export const videoEventsQuery = (limit = EVENTS_PAGE) =>
  infiniteQueryOptions({
    queryKey: videoKeys.events(limit),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      call(videoApi.events, { query: { limit, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const timelineQuery = (id: number, from: string, to: string) =>
  queryOptions({
    queryKey: videoKeys.timeline(id, from, to),
    queryFn: ({ signal }) => call(videoApi.timeline, { params: { id }, query: { from, to }, signal }),
  });

/** The VOD playlist of a camera's recordings from `from` to `to`, authorised by its media token. */
export function playbackUrl(id: number, token: string, from: string, to: string): string {
  return `${API_BASE}${endpointUrl(videoApi.playback, { params: { id }, query: { from, to, t: token } })}`;
}

export function useSaveCamera() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CameraInput }) =>
      id
        ? call(videoApi.updateCamera, { params: { id }, body: input })
        : call(videoApi.createCamera, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

export function useDeleteCamera() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(videoApi.deleteCamera, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

/** A new push URL for the camera's own motion events (shown once). */
export function useRotateCameraPushSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      call(videoApi.rotateCameraPushSecret, { params: { id } }).then((r) => r.pushUrl),
    onSuccess: () => client.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (body: BodyIn<typeof videoApi.testConnection>) => call(videoApi.testConnection, { body }),
  });
}

export function downloadClip(id: number, from: string, to: string): Promise<Response> {
  return download(videoApi.clip, { params: { id }, body: { from, to } });
}

/** Access points a camera can watch (the access control domain owns them). */
export const accessPointsQuery = () =>
  queryOptions({
    queryKey: ['video', 'access-points'] as const,
    queryFn: ({ signal }) => call(accessApi.accessPoints, { signal }).then((r) => r.accessPoints),
    staleTime: 5 * 60_000,
  });
