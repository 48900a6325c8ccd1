import { describe, expect, it } from 'vitest';
import { accessLogToast, alertToast, deviceEventToast } from './live-toasts';

const passage = {
  user: { id: 7, name: 'Jamie Carter' },
  action: 'entry' as const,
  access_point: 'Main Entrance',
  device_id: 'HK-101',
  timestamp: '2026-11-20T08:57:12Z',
  log_id: 1,
};

describe('access_log_update toasts', () => {
  it('tells the person about their own passage and administrators about everyone', () => {
    expect(accessLogToast(passage, { id: 7, watchesAll: false })?.message).toBe(
      'Access entry recorded at Main Entrance',
    );
    expect(accessLogToast(passage, { id: 1, watchesAll: true })?.message).toBe(
      'New access: Jamie Carter entry at Main Entrance',
    );
  });

  it("says nothing to staff about someone else's passage", () => {
    expect(accessLogToast(passage, { id: 8, watchesAll: false })).toBeNull();
  });
});

describe('device_event and access_alert toasts', () => {
  const event = {
    eventType: 'remote_open',
    deviceId: 'HK-104',
    label: 'Remote door open',
    kind: 'door' as const,
    user: null,
    access_point: 'Server Room',
    timestamp: '2026-11-20T08:57:12Z',
  };

  it('announces door and device events once, by their label', () => {
    expect(deviceEventToast(event)?.message).toBe('Hikvision event: Remote door open');
    expect(deviceEventToast({ ...event, kind: 'granted', label: 'Access granted by card' })?.message).toBe(
      'Hikvision event: Access granted by card',
    );
  });

  it('leaves known passages to "New access" and alarms to the alert toast', () => {
    expect(deviceEventToast({ ...event, kind: 'granted', user: { id: 7, name: 'Jamie Carter' } })).toBeNull();
    expect(deviceEventToast({ ...event, kind: 'denied' })).toBeNull();
    expect(deviceEventToast({ ...event, kind: 'alarm' })).toBeNull();
  });

  it('names the alert and the device', () => {
    const alert = {
      id: 3,
      source: 'access' as const,
      kind: 'door_forced_open',
      label: 'Door forced open',
      severity: 'high' as const,
      message: 'Door forced open at Server Room',
      device_id: 'HK-104',
      timestamp: '2026-11-20T08:57:12Z',
    };
    expect(alertToast(alert)).toEqual({
      type: 'error',
      message: 'Hikvision Alert: Door forced open - Device HK-104',
    });
    expect(alertToast({ ...alert, severity: 'low' })?.type).toBe('warning');
    expect(alertToast({ ...alert, source: 'video' })).toBeNull();
  });
});
