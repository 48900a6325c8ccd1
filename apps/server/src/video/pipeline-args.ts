import path from 'node:path';

export interface PipelineOptions {
  url: string;
  /** DATA_DIR/video/<camera id> */
  dir: string;
  /** True when the source is H.264: live and recording copy it without re-encoding. */
  h264: boolean;
  record: boolean;
  segmentSeconds: number;
  liveSegmentSeconds: number;
  /** Motion samples per second. */
  motionFps: number;
  snapshotEverySeconds: number;
}

export const cameraPaths = (dir: string) => ({
  live: path.join(dir, 'live'),
  playlist: path.join(dir, 'live', 'index.m3u8'),
  recordings: path.join(dir, 'rec'),
  events: path.join(dir, 'events'),
  snapshot: path.join(dir, 'snapshot.jpg'),
});

function inputOptions(url: string): string[] {
  const protocol = url.slice(0, url.indexOf(':')).toLowerCase();
  const common = ['-fflags', '+genpts+nobuffer', '-analyzeduration', '2000000', '-probesize', '1000000'];
  if (protocol === 'rtsp' || protocol === 'rtsps')
    return [...common, '-rtsp_transport', 'tcp', '-stimeout', '10000000'];
  // rw_timeout (microseconds): a source that stops sending ends the read instead of hanging.
  return [...common, '-rw_timeout', '10000000'];
}

/**
 * One ffmpeg per camera does everything, so the picture is read and decoded once:
 * 1. live HLS (short segments, copied when H.264);
 * 2. recording in clock-aligned MPEG-TS segments (copied), named by their UTC start;
 * 3. motion: a few grey, downscaled samples a second, differenced, their mean logged on stderr
 *    (these lines are also the heartbeat: frames flowing);
 * 4. a JPEG snapshot every few seconds on fd 3.
 * The child's stderr and fd 3 are pipes to Atrium: if Atrium dies, ffmpeg's next write kills it.
 */
export function pipelineArgs(o: PipelineOptions): string[] {
  const p = cameraPaths(o.dir);
  const videoCodec = o.h264
    ? ['-c:v', 'copy']
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '20', '-pix_fmt', 'yuv420p'];
  const args = [
    // info: the metadata filter prints its samples as log lines (a file output would be buffered);
    // `level` tags each line, so errors can be told from chatter.
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'level+info',
    ...inputOptions(o.url),
    '-i',
    o.url,
    // 1. live
    '-map',
    '0:v:0',
    ...videoCodec,
    '-f',
    'hls',
    '-hls_time',
    String(o.liveSegmentSeconds),
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+independent_segments+program_date_time+omit_endlist',
    '-hls_start_number_source',
    'epoch',
    '-hls_segment_filename',
    path.join(p.live, 'seg-%d.ts'),
    p.playlist,
  ];
  if (o.record) {
    args.push(
      '-map',
      '0:v:0',
      ...videoCodec,
      '-f',
      'segment',
      '-segment_format',
      'mpegts',
      '-segment_time',
      String(o.segmentSeconds),
      '-segment_atclocktime',
      '1',
      '-strftime',
      '1',
      path.join(p.recordings, '%Y%m%dT%H%M%SZ.ts'),
    );
  }
  const sample = `fps=${o.motionFps},scale=64:36,format=gray`;
  args.push(
    // 3. motion and heartbeat
    '-map',
    '0:v:0',
    '-vf',
    `${sample},tblend=all_mode=difference,signalstats,metadata=print:key=lavfi.signalstats.YAVG`,
    '-f',
    'null',
    '-',
    // 4. snapshots
    '-map',
    '0:v:0',
    '-vf',
    `fps=1/${o.snapshotEverySeconds},scale=480:-2`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '6',
    '-f',
    'image2pipe',
    'pipe:3',
  );
  return args;
}

/** The YAVG of one motion sample line (`lavfi.signalstats.YAVG=1.234`), or undefined. */
export function parseMotionLine(line: string): number | undefined {
  const match = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(line);
  return match ? Number(match[1]) : undefined;
}
