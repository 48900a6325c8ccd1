import { integer, PushFormatError, parseDeviceTime, text } from './parse';

/**
 * A camera's own detection events (isapi.md, "Cameras' own events"): motion (`VMD`) and line or
 * field detection arrive as an EventNotificationAlert with `eventState` active or inactive. A
 * camera repeats "active" while the motion lasts and sends "inactive" when it ends (if it does).
 */

/** Event types that mean "something moves in the picture". */
const MOTION_TYPES: Record<string, string> = {
  vmd: 'Motion',
  fielddetection: 'Intrusion',
  linedetection: 'Line crossing',
};

export interface CameraMotionNotice {
  active: boolean;
  /** What the camera detected, for the event's detail ("Motion", "Line crossing"). */
  label: string;
  channel: number | null;
  /** The camera's own time of the notice, when it sent one. */
  cameraTime: Date | null;
  macAddress: string | null;
  ipAddress: string | null;
  /** human, vehicle, ... when the camera classified what it saw. */
  target: string | null;
}

export function isMotionType(eventType: string): boolean {
  return eventType.toLowerCase() in MOTION_TYPES;
}

function targetOf(alert: Record<string, unknown>): string | null {
  const list = alert.DetectionRegionList as { DetectionRegionEntry?: unknown } | undefined;
  const entries = list && typeof list === 'object' ? list.DetectionRegionEntry : undefined;
  const first = Array.isArray(entries) ? entries[0] : entries;
  const fromRegion =
    first && typeof first === 'object' ? text((first as Record<string, unknown>).TargetType, 32) : null;
  return fromRegion ?? text(alert.targetType, 32);
}

/** Reads a motion notice; an event whose state is neither active nor inactive is refused. */
export function readMotionNotice(
  eventType: string,
  alert: Record<string, unknown>,
  timeZone: string,
): CameraMotionNotice {
  const state = text(alert.eventState)?.toLowerCase();
  if (state !== 'active' && state !== 'inactive')
    throw new PushFormatError(`eventState must be active or inactive, got "${text(alert.eventState) ?? ''}"`);
  const channel = integer(alert.channelID ?? alert.dynChannelID, 'channelID');
  if (channel !== null && (channel < 0 || channel > 10_000))
    throw new PushFormatError('channelID must be from 0 to 10000');
  return {
    active: state === 'active',
    label: MOTION_TYPES[eventType.toLowerCase()] ?? eventType,
    channel,
    cameraTime: alert.dateTime === undefined ? null : parseDeviceTime(alert.dateTime, timeZone),
    macAddress: text(alert.macAddress, 32),
    ipAddress: text(alert.ipAddress ?? alert.ipv6Address, 64),
    target: targetOf(alert),
  };
}
