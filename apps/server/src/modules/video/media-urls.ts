import { fillPath, videoApi } from '@atrium/contract';

/** The media URLs of a camera, each carrying its signed token: usable as they are by <video> and <img>. */
export function mediaUrls(cameraId: number, token: string) {
  const t = `t=${encodeURIComponent(token)}`;
  const api = (p: string, params: Record<string, unknown>) => `/api${fillPath(p, params)}`;
  return {
    live: `${api(videoApi.live.path, { id: cameraId, file: 'index.m3u8' })}?${t}`,
    snapshot: `${api(videoApi.snapshot.path, { id: cameraId })}?${t}`,
    segment: (segment: number) => `${api(videoApi.segment.path, { id: cameraId, segment })}?${t}`,
    event: (event: number) => `${api(videoApi.eventSnapshot.path, { id: cameraId, event })}?${t}`,
  };
}
