import type { MotionChange } from './motion';

/** What the supervisor needs to know of a camera to run its pipeline. */
export interface SupervisedCamera {
  id: number;
  enabled: boolean;
  stream_url: string;
  recording_enabled: boolean;
  motion_sensitivity: number;
  retention_hours: number;
  retention_max_mb: number;
}

export interface NewSegment {
  camera_id: number;
  started_at: Date;
  ended_at: Date;
  path: string;
  bytes: number;
}

/**
 * Where the supervisor's observations become data. The video module implements it (its
 * repository, alerts, live events, retention); the supervisor only runs processes and files,
 * so this folder holds no domain rule and no SQL.
 */
export interface CameraStore {
  cameras(): Promise<SupervisedCamera[]>;
  camera(id: number): Promise<SupervisedCamera | undefined>;
  /** Stores a status change; answers the camera's name when it was news (to log), else undefined. */
  statusChanged(
    cameraId: number,
    status: 'online' | 'offline',
    reason: string,
    at: Date,
  ): Promise<string | undefined>;
  /** Stores a movement's start; answers the event's id. */
  motionStarted(cameraId: number, change: Extract<MotionChange, { kind: 'start' }>): Promise<number>;
  /** Ends the camera's open movements; answers how many there were. */
  motionEnded(cameraId: number, at: Date): Promise<number>;
  /** Keeps a picture (a path under the video root) with an event. */
  eventSnapshot(eventId: number, relativePath: string): Promise<void>;
  /** Recording paused for want of disk (true) or resumed (false): alerted and resolved. */
  recordingPaused(paused: boolean, freeBytes: number, at: Date): Promise<void>;
  /** Paths of the camera's segments already indexed. */
  indexedPaths(cameraId: number): Promise<Set<string>>;
  addSegment(segment: NewSegment): Promise<void>;
  /** Deletes what the camera's retention no longer keeps; answers how many segments went. */
  applyRetention(
    camera: Pick<SupervisedCamera, 'id' | 'retention_hours' | 'retention_max_mb'>,
    now: Date,
  ): Promise<number>;
}
