/**
 * Motion from frame differences. The pipeline samples the picture a few times a second
 * (downscaled, grey), takes the absolute difference of successive samples and reports its mean
 * (YAVG of `tblend=all_mode=difference,signalstats`). A still scene gives about 0 (a clock's
 * digits stay under 0.5), a box crossing the picture gives several units.
 *
 * Hysteresis makes one event of one movement: it starts after `startSamples` samples above the
 * threshold and ends after `endSamples` samples below half of it.
 */
export interface MotionSettings {
  /** 1 (only large movement) to 100 (the slightest change). */
  sensitivity: number;
  startSamples?: number;
  endSamples?: number;
}

export type MotionChange =
  | { kind: 'start'; at: Date; level: number }
  | { kind: 'end'; at: Date; peak: number };

export function motionThreshold(sensitivity: number): number {
  const s = Math.min(100, Math.max(1, sensitivity));
  return 0.3 + (4 * (100 - s)) / 100;
}

export class MotionDetector {
  private active = false;
  private above = 0;
  private below = 0;
  private peak = 0;
  private firstAboveAt: Date | undefined;
  private lastAboveAt: Date | undefined;
  private readonly threshold: number;
  private readonly startSamples: number;
  private readonly endSamples: number;

  constructor(settings: MotionSettings) {
    this.threshold = motionThreshold(settings.sensitivity);
    this.startSamples = settings.startSamples ?? 2;
    this.endSamples = settings.endSamples ?? 6;
  }

  get moving(): boolean {
    return this.active;
  }

  /** Feeds one difference sample; returns a change when motion starts or ends. */
  sample(level: number, at: Date): MotionChange | undefined {
    if (!this.active) {
      if (level > this.threshold) {
        if (this.above === 0) this.firstAboveAt = at;
        this.above += 1;
        if (this.above >= this.startSamples) {
          this.active = true;
          this.below = 0;
          this.peak = level;
          this.lastAboveAt = at;
          return { kind: 'start', at: this.firstAboveAt ?? at, level };
        }
      } else this.above = 0;
      return undefined;
    }
    this.peak = Math.max(this.peak, level);
    if (level < this.threshold / 2) {
      this.below += 1;
      if (this.below >= this.endSamples) return this.finish();
    } else {
      this.below = 0;
      this.lastAboveAt = at;
    }
    return undefined;
  }

  /** Ends a movement in progress (the stream stopped); returns its end, if one was open. */
  finish(at?: Date): MotionChange | undefined {
    if (!this.active) return undefined;
    this.active = false;
    this.above = 0;
    this.below = 0;
    return { kind: 'end', at: at ?? this.lastAboveAt ?? new Date(), peak: this.peak };
  }
}
