import {
  type AlertsQuery,
  accessApi,
  type CreateDeviceRequest,
  type Device,
  type DeviceConnectionRequest,
  peopleApi,
  type SimulateAccessRequest,
  type SimulateHikvisionRequest,
  type UpdateDeviceRequest,
  videoApi,
} from '@atrium/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { call, download, type QueryIn, saveDownload } from '@/lib/api-client';

/**
 * Every key starts with 'access', so a live access_log_update or device_event (see the shell's
 * live invalidation) makes all of them stale and the screens refetch from the server.
 */
export const accessKeys = {
  all: ['access'] as const,
  myStatus: () => ['access', 'my-status'] as const,
  myStats: () => ['access', 'my-stats'] as const,
  myPermissions: () => ['access', 'my-permissions'] as const,
  myLogs: (limit: number) => ['access', 'my-logs', limit] as const,
  myTimeline: () => ['access', 'my-timeline'] as const,
  stats: (siteId: number | null) => ['access', 'stats', siteId] as const,
  devices: () => ['access', 'devices'] as const,
  alerts: (query: AlertsQuery) => ['access', 'alerts', query] as const,
  recent: (limit: number, siteId: number | null) => ['access', 'recent', limit, siteId] as const,
  logs: (query: LogFilters, siteId: number | null) => ['access', 'logs', query, siteId] as const,
  deviceEvents: (id: number) => ['access', 'device-events', id] as const,
  doorStatus: (id: number) => ['access', 'door-status', id] as const,
  accessPoints: () => ['access', 'access-points'] as const,
  cameras: () => ['access', 'cameras'] as const,
  people: (search: string) => ['access', 'people', search] as const,
};

/** The logs screen's filters, as the contract's query takes them; the cursor is the page parameter. */
export type LogFilters = Pick<QueryIn<typeof accessApi.logs>, 'search' | 'action' | 'result' | 'from' | 'to'>;

export const LOG_PAGE_SIZE = 25;

/** The site filter as a query parameter: none for every site. */
const siteQuery = (siteId: number | null) => (siteId === null ? {} : { siteId });

/** The logs as CSV, filtered as the screen is; `onProgress` hears the bytes received so far. */
export async function downloadLogsCsv(
  filters: LogFilters,
  siteId: number | null,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const response = await download(accessApi.exportLogs, { query: { ...filters, ...siteQuery(siteId) } });
  await saveDownload(response, 'access-logs.csv', onProgress);
}
/** Spec section 9: recent access events on the employee overview. */
export const MY_RECENT = 5;
/** Spec section 9: recent activity rows in access monitoring. */
export const MONITOR_RECENT = 10;

// Staff (and admins) about themselves.

export const myStatusQuery = () =>
  queryOptions({
    queryKey: accessKeys.myStatus(),
    queryFn: ({ signal }) => call(accessApi.myStatus, { signal }).then((r) => r.status),
  });

export const myStatsQuery = () =>
  queryOptions({
    queryKey: accessKeys.myStats(),
    queryFn: ({ signal }) => call(accessApi.myStats, { signal }).then((r) => r.stats),
  });

export const myPermissionsQuery = () =>
  queryOptions({
    queryKey: accessKeys.myPermissions(),
    queryFn: ({ signal }) => call(accessApi.myPermissions, { signal }).then((r) => r.permissions),
  });

/** The newest few of my passages (one page, no cursor). */
export const myRecentLogsQuery = (limit: number) =>
  queryOptions({
    queryKey: accessKeys.myLogs(limit),
    queryFn: ({ signal }) => call(accessApi.myLogs, { query: { limit }, signal }).then((r) => r.logs),
  });

/** Every passage of mine, newest first, a keyset page at a time ("Load more"). */
export const myTimelineQuery = () =>
  infiniteQueryOptions({
    queryKey: accessKeys.myTimeline(),
    queryFn: ({ pageParam, signal }) =>
      call(accessApi.myLogs, { query: { limit: LOG_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

// Administrators.

export const accessStatsQuery = (siteId: number | null) =>
  queryOptions({
    queryKey: accessKeys.stats(siteId),
    queryFn: ({ signal }) => call(accessApi.stats, { query: siteQuery(siteId), signal }).then((r) => r.stats),
  });

export const devicesQuery = () =>
  queryOptions({
    queryKey: accessKeys.devices(),
    queryFn: ({ signal }) => call(accessApi.devices, { signal }).then((r) => r.devices),
  });

/**
 * One device, read from the list (there is no single-device endpoint): polled every second while
 * its sync is writing, so the page shows the changes going out and then "In sync".
 */
export const deviceQuery = (id: number) =>
  queryOptions({
    ...devicesQuery(),
    select: (devices: Device[]) => devices.find((device) => device.id === id) ?? null,
    refetchInterval: (query) =>
      query.state.data?.find((device) => device.id === id)?.sync.state === 'pending' ? 1000 : false,
  });

/**
 * Alerts nobody has acknowledged yet, from every source (doors, cameras, counters, system), so
 * the list agrees with the Active Alerts figure, which counts them all.
 */
export const activeAlertsQuery = () =>
  queryOptions({
    queryKey: accessKeys.alerts({ state: 'active' }),
    queryFn: ({ signal }) =>
      call(accessApi.alerts, { query: { state: 'active', limit: 50 }, signal }).then((r) => r.alerts),
  });

export const recentLogsQuery = (limit: number, siteId: number | null) =>
  queryOptions({
    queryKey: accessKeys.recent(limit, siteId),
    queryFn: ({ signal }) =>
      call(accessApi.logs, { query: { limit, ...siteQuery(siteId) }, signal }).then((r) => r.logs),
  });

export const logsQuery = (filters: LogFilters, siteId: number | null) =>
  infiniteQueryOptions({
    queryKey: accessKeys.logs(filters, siteId),
    queryFn: ({ pageParam, signal }) =>
      call(accessApi.logs, {
        query: { ...filters, ...siteQuery(siteId), limit: LOG_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The cameras, for the alerts of a chosen site (an alert names its camera by code). */
export const alertCamerasQuery = () =>
  queryOptions({
    queryKey: accessKeys.cameras(),
    queryFn: ({ signal }) => call(videoApi.cameras, { signal }).then((r) => r.cameras),
    staleTime: 60_000,
  });

export const deviceEventsQuery = (id: number) =>
  queryOptions({
    queryKey: accessKeys.deviceEvents(id),
    queryFn: ({ signal }) =>
      call(accessApi.deviceEvents, { params: { id }, query: { limit: 10 }, signal }).then((r) => r.events),
  });

/** Asks the controller itself, so it is never retried in a loop nor refetched on focus. */
export const doorStatusQuery = (id: number) =>
  queryOptions({
    queryKey: accessKeys.doorStatus(id),
    queryFn: ({ signal }) => call(accessApi.doorStatus, { params: { id }, signal }).then((r) => r.doorStatus),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const accessPointsQuery = () =>
  queryOptions({
    queryKey: accessKeys.accessPoints(),
    queryFn: ({ signal }) => call(accessApi.accessPoints, { signal }).then((r) => r.accessPoints),
    staleTime: 5 * 60_000,
  });

/** The first people in name order matching `search`: a picker narrows by typing, never by scrolling 50,000. */
export const PEOPLE_PICKER_SIZE = 50;
export const peopleQuery = (search: string) =>
  queryOptions({
    queryKey: accessKeys.people(search),
    queryFn: ({ signal }) =>
      call(peopleApi.users, { query: { search, limit: PEOPLE_PICKER_SIZE }, signal }).then((r) => r.users),
    placeholderData: (previous) => previous,
    staleTime: 5 * 60_000,
  });

// Changes. Each refreshes what it touches; the live events refresh the rest for everyone else.

function useAccessMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>, dashboard = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accessKeys.all });
      if (dashboard) void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** The spec's web reader: a passage at the door for the signed-in person. */
export const useSimulateAccess = () =>
  useAccessMutation(
    (body: SimulateAccessRequest) => call(accessApi.simulate, { body }).then((r) => r.log),
    true,
  );

export const useAcknowledgeAlert = () =>
  useAccessMutation((args: { id: number; note?: string }) =>
    call(accessApi.acknowledgeAlert, {
      params: { id: args.id },
      body: args.note ? { note: args.note } : {},
    }).then((r) => r.alert),
  );

export const useUpdateDevice = () =>
  useAccessMutation((args: { id: number; body: UpdateDeviceRequest }) =>
    call(accessApi.updateDevice, { params: { id: args.id }, body: args.body }).then((r) => r.device),
  );

export const useRotatePushSecret = () =>
  useMutation({
    mutationFn: (id: number) => call(accessApi.rotatePushSecret, { params: { id } }).then((r) => r.pushUrl),
  });

/** "Test connection": what the device says it is; nothing is stored, so nothing to refresh. */
export const useTestDeviceConnection = () =>
  useMutation({
    mutationFn: (body: DeviceConnectionRequest) =>
      call(accessApi.testDeviceConnection, { body }).then((r) => r.identity),
  });

export const useCreateDevice = () =>
  useAccessMutation((body: CreateDeviceRequest) => call(accessApi.createDevice, { body }));

/** A new push URL set as the device's event target and read back. */
export const useSetEventTarget = () =>
  useAccessMutation((id: number) => call(accessApi.setEventTarget, { params: { id } }).then((r) => r.device));

/**
 * Resync: the controller's own people are read back and everything written again. The answer is
 * the device with its round begun, put in the list at once so the page starts polling.
 */
export function useResyncDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(accessApi.resyncDevice, { params: { id } }).then((r) => r.device),
    onSuccess: (device) =>
      queryClient.setQueryData<Device[]>(accessKeys.devices(), (list) =>
        list?.map((d) => (d.id === device.id ? device : d)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeys.devices() }),
  });
}

export const useRemoveDevice = () =>
  useAccessMutation((id: number) => call(accessApi.removeDevice, { params: { id } }), true);

export const useOpenDoor = () =>
  useAccessMutation((id: number) =>
    call(accessApi.openDoor, { params: { id }, body: { door: 1 } }).then((r) => r.result),
  );

export const useSimulateHikvision = () =>
  useAccessMutation(
    (body: SimulateHikvisionRequest) => call(accessApi.simulateHikvision, { body }).then((r) => r.result),
    true,
  );

/** The picture a terminal sent with an event, as an object URL (the endpoint needs the bearer token). */
/** The camera's picture of an event's moment, as an object URL; null when no camera caught it. */
export const cameraSnapshotQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['access', 'camera-snapshot', eventId] as const,
    queryFn: async ({ signal }) => {
      try {
        const response = await download(videoApi.accessSnapshot, { params: { event: eventId }, signal });
        return URL.createObjectURL(await response.blob());
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found') return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export const eventPictureQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['access', 'picture', eventId] as const,
    queryFn: async ({ signal }) => {
      const response = await download(accessApi.eventPicture, { params: { id: eventId }, signal });
      return URL.createObjectURL(await response.blob());
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
