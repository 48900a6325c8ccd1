import { existsSync } from 'node:fs';

/** How the simulated camera's object moves: always, never, or in bursts of `moveSeconds` every `periodSeconds`. */
export type SceneMotion =
  | { kind: 'still' }
  | { kind: 'moving' }
  | { kind: 'bursts'; periodSeconds: number; moveSeconds: number; offsetSeconds?: number };

export interface SceneOptions {
  name: string;
  width?: number;
  height?: number;
  fps?: number;
  motion: SceneMotion;
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];

/** A TrueType font for the name and clock; without one the picture simply carries no text. */
export function sceneFont(): string | undefined {
  return FONT_CANDIDATES.find((file) => existsSync(file));
}

/** Escapes a value for a filtergraph option inside single quotes. */
function quoted(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:');
}

function objectX(motion: SceneMotion, travel: number): string {
  // The box crosses at 40 px/s and stays still between crossings: a clear start and end of motion.
  switch (motion.kind) {
    case 'still':
      return String(Math.round(travel / 2));
    case 'moving':
      return `abs(mod(t*40\\,${2 * travel})-${travel})`;
    case 'bursts': {
      const phase = `mod(t+${motion.offsetSeconds ?? 0}\\,${motion.periodSeconds})`;
      return `if(lt(${phase}\\,${motion.moveSeconds})\\,min(${phase}*40\\,${travel})\\,${travel})`;
    }
  }
}

/** Whether the box is moving `t` seconds into the picture: what `objectX` draws. */
export function objectMoving(motion: SceneMotion, t: number): boolean {
  switch (motion.kind) {
    case 'still':
      return false;
    case 'moving':
      return true;
    case 'bursts': {
      const period = motion.periodSeconds;
      const phase = (((t + (motion.offsetSeconds ?? 0)) % period) + period) % period;
      return phase < motion.moveSeconds;
    }
  }
}

/**
 * ffmpeg arguments for a camera-like picture: colour bars, the camera's name, a clock and a
 * moving box, encoded as H.264 in MPEG-TS on stdout, in real time, with a one-second GOP.
 */
export function sceneArgs(options: SceneOptions): string[] {
  const width = options.width ?? 320;
  const height = options.height ?? 180;
  const fps = options.fps ?? 10;
  const box = Math.round(height / 4.5);
  const travel = width - box - 20;
  const font = sceneFont();
  const text = font
    ? `,drawtext=fontfile=${font}:text='${quoted(options.name)}':x=8:y=8:fontcolor=white:fontsize=14:box=1:boxcolor=black@0.5` +
      `,drawtext=fontfile=${font}:text='%{localtime\\:%Y-%m-%d %H\\\\\\:%M\\\\\\:%S}':x=8:y=28:fontcolor=white:fontsize=12:box=1:boxcolor=black@0.5`
    : '';
  const graph =
    `[0]eq=brightness=-0.3[bg];[bg][1]overlay=x='10+${objectX(options.motion, travel)}':y=${Math.round(height * 0.6)}:eval=frame` +
    text;
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `smptebars=s=${width}x${height}:r=${fps}`,
    '-f',
    'lavfi',
    '-i',
    `color=c=0xf59e0b:s=${box}x${box}:r=${fps}`,
    '-filter_complex',
    graph,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '200k',
    '-f',
    'mpegts',
    'pipe:1',
  ];
}
