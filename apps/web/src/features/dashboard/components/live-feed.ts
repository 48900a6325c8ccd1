import type { LiveMessage } from '@atrium/contract';

export interface FeedItem {
  key: string;
  at: string;
  kind: string;
  text: string;
}

/** One line per live event worth showing; null for the ones that only refresh screens. */
export function describeLive(message: LiveMessage, receivedAt: Date): Omit<FeedItem, 'key'> | null {
  const at = receivedAt.toISOString();
  switch (message.type) {
    case 'attendance_update':
      return {
        at,
        kind: 'Attendance',
        text: `Attendance ${message.data.action.replaceAll('_', ' ')} recorded`,
      };
    case 'leave_application_update':
      return { at, kind: 'Leave', text: `Leave application ${message.data.status}` };
    case 'leave_status_notification':
      return { at, kind: 'Leave', text: message.data.message };
    case 'access_log_update':
      return {
        at: message.data.timestamp,
        kind: 'Access',
        text: `${message.data.user.name} ${message.data.action} at ${message.data.access_point}`,
      };
    case 'device_event':
      return {
        at: message.data.timestamp,
        kind: 'Device',
        text: `${message.data.label} - Device ${message.data.deviceId}`,
      };
    case 'access_alert':
      return { at: message.data.timestamp, kind: 'Alert', text: message.data.message };
    case 'device_status':
      return { at, kind: 'Device', text: `Device ${message.data.deviceId} is ${message.data.status}` };
    case 'video_camera_status':
      return {
        at: message.data.at,
        kind: 'Video',
        text: `Camera ${message.data.cameraId} is ${message.data.status}`,
      };
    case 'video_event':
      return message.data.ended
        ? null
        : { at, kind: 'Video', text: `Camera ${message.data.cameraId}: ${message.data.kind}` };
    case 'counting_update':
      return {
        at,
        kind: 'Counting',
        text: `${message.data.deviceId}: ${message.data.entries} in, ${message.data.exits} out, ${message.data.passby} passing`,
      };
    default:
      return null;
  }
}
