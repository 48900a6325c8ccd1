import type { AccessEventKind, AlertSeverity } from '@atrium/contract';

/**
 * What a Hikvision access controller's (majorEventType, subEventType) pair means to Atrium
 * (isapi.md). Codes not in the table are kept with their numbers and shown as such.
 */
export interface EventMeaning {
  kind: AccessEventKind;
  /** Machine name, also the live `device_event.eventType`. */
  type: string;
  /** In words, for screens and toasts. */
  label: string;
  /** Set when the event raises an alert. */
  alert?: { severity: AlertSeverity; kind: string };
  /** How the person proved who they are, for granted passages. */
  verify?: string;
}

const table: Record<string, EventMeaning> = {
  '5,1': { kind: 'granted', type: 'access_granted', label: 'Access granted by card', verify: 'card' },
  '5,75': { kind: 'granted', type: 'access_granted', label: 'Access granted by face', verify: 'face' },
  '5,38': {
    kind: 'granted',
    type: 'access_granted',
    label: 'Access granted by fingerprint',
    verify: 'fingerprint',
  },
  '5,21': { kind: 'door', type: 'lock_released', label: 'Lock released' },
  '5,25': { kind: 'door', type: 'door_open', label: 'Door opened' },
  '5,6': {
    kind: 'denied',
    type: 'access_denied',
    label: 'Access denied: no permission',
    alert: { severity: 'medium', kind: 'access_denied' },
  },
  '5,8': {
    kind: 'denied',
    type: 'access_denied',
    label: 'Access denied: card expired',
    alert: { severity: 'low', kind: 'access_denied' },
  },
  '5,9': {
    kind: 'denied',
    type: 'access_denied',
    label: 'Access denied: invalid card',
    alert: { severity: 'medium', kind: 'access_denied' },
  },
  '5,10': {
    kind: 'denied',
    type: 'access_denied',
    label: 'Access denied: anti-passback',
    alert: { severity: 'low', kind: 'access_denied' },
  },
  '5,27': {
    kind: 'alarm',
    type: 'door_forced_open',
    label: 'Door forced open',
    alert: { severity: 'high', kind: 'door_forced_open' },
  },
  '5,28': {
    kind: 'alarm',
    type: 'door_held_open',
    label: 'Door held open too long',
    alert: { severity: 'medium', kind: 'door_held_open' },
  },
  '3,1024': { kind: 'door', type: 'remote_open', label: 'Door opened remotely' },
  '1,1028': {
    kind: 'alarm',
    type: 'device_tamper',
    label: 'Device tamper',
    alert: { severity: 'high', kind: 'device_tamper' },
  },
  '1,1030': {
    kind: 'alarm',
    type: 'reader_tamper',
    label: 'Card reader tamper',
    alert: { severity: 'high', kind: 'reader_tamper' },
  },
  '1,1034': {
    kind: 'alarm',
    type: 'duress',
    label: 'Duress alarm',
    alert: { severity: 'critical', kind: 'duress' },
  },
};

export function meaningOf(major: number, minor: number): EventMeaning {
  const known = table[`${major},${minor}`];
  if (known) return known;
  // Major 1 is alarms, 2 exceptions, 3 operations, 5 events: keep the class, name the numbers.
  const kind: AccessEventKind = major === 1 ? 'alarm' : major === 3 ? 'door' : 'device';
  return { kind, type: `event_${major}_${minor}`, label: `Event ${major}/${minor}` };
}

/** Labels of alert kinds for toasts ("Hikvision Alert: Door forced open - Device HK-104"). */
const alertLabels: Record<string, string> = {
  access_denied: 'Access denied',
  door_forced_open: 'Door forced open',
  door_held_open: 'Door held open too long',
  device_tamper: 'Device tamper',
  reader_tamper: 'Card reader tamper',
  duress: 'Duress alarm',
  device_offline: 'Device offline',
};

export function alertLabel(kind: string): string {
  return alertLabels[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** The pairs the simulator and tests use by name. */
export const CODES = {
  grantedCard: [5, 1],
  grantedFace: [5, 75],
  grantedFingerprint: [5, 38],
  noPermission: [5, 6],
  cardExpired: [5, 8],
  invalidCard: [5, 9],
  antiPassback: [5, 10],
  doorForced: [5, 27],
  doorHeld: [5, 28],
  remoteOpen: [3, 1024],
  deviceTamper: [1, 1028],
  duress: [1, 1034],
} as const satisfies Record<string, readonly [number, number]>;
