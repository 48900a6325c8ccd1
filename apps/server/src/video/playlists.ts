/** HLS playlists Atrium writes or rewrites for the browser. */

/**
 * The live playlist ffmpeg wrote, with each segment's URI carrying the caller's media token,
 * so the player's segment requests are authorised like the playlist itself.
 */
export function signLivePlaylist(playlist: string, token: string): string {
  const suffix = `?t=${encodeURIComponent(token)}`;
  return playlist
    .split('\n')
    .map((line) =>
      line && !line.startsWith('#') && /^[A-Za-z0-9_-]+\.ts$/.test(line.trim())
        ? `${line.trim()}${suffix}`
        : line,
    )
    .join('\n');
}

export interface RecordedSegment {
  id: string | number;
  started_at: Date;
  ended_at: Date;
}

/**
 * A VOD playlist over recorded segments, each stamped with its wall-clock start
 * (EXT-X-PROGRAM-DATE-TIME) so the player can show the time; a gap or a new recording run is a
 * discontinuity. `startAt` makes the player begin there (EXT-X-START).
 */
export function playbackPlaylist(
  segments: RecordedSegment[],
  uri: (segment: RecordedSegment) => string,
  startAt?: Date,
): string {
  const durations = segments.map((s) =>
    Math.max(0.1, (s.ended_at.getTime() - s.started_at.getTime()) / 1000),
  );
  const target = Math.ceil(Math.max(1, ...durations));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  const first = segments[0];
  if (startAt && first) {
    const offset = Math.max(0, (startAt.getTime() - first.started_at.getTime()) / 1000);
    lines.push(`#EXT-X-START:TIME-OFFSET=${offset.toFixed(3)},PRECISE=YES`);
  }
  segments.forEach((segment, i) => {
    const previous = segments[i - 1];
    if (previous && Math.abs(segment.started_at.getTime() - previous.ended_at.getTime()) > 1500) {
      lines.push('#EXT-X-DISCONTINUITY');
    }
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.started_at.toISOString()}`);
    lines.push(`#EXTINF:${(durations[i] ?? 0).toFixed(3)},`);
    lines.push(uri(segment));
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
