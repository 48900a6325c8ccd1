/**
 * Uptime: the share of a window the cameras were online, from their status changes. Each
 * camera counts from the window's start, or from when it was first seen if later; the state at
 * the window's start is the last change before it. Returns a percentage with one decimal; 0
 * when no camera has been seen.
 */
export function computeUptime(
  changes: { camera_id: number; kind: string; started_at: Date }[],
  from: Date,
  now: Date,
): number {
  const byCamera = new Map<number, { kind: string; at: number }[]>();
  for (const c of changes) {
    const list = byCamera.get(c.camera_id) ?? [];
    list.push({ kind: c.kind, at: c.started_at.getTime() });
    byCamera.set(c.camera_id, list);
  }
  let online = 0;
  let covered = 0;
  const end = now.getTime();
  for (const list of byCamera.values()) {
    for (let i = 0; i < list.length; i += 1) {
      const change = list[i];
      if (!change) continue;
      const start = Math.max(change.at, from.getTime());
      const stop = Math.min(list[i + 1]?.at ?? end, end);
      if (stop <= start) continue;
      covered += stop - start;
      if (change.kind === 'online') online += stop - start;
    }
  }
  return covered === 0 ? 0 : Math.round((online / covered) * 1000) / 10;
}
