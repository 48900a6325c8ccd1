import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, CLOSE_SESSION_ENDED, CLOSE_UNAUTHENTICATED, LiveClient } from './live';

class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  message(body: unknown) {
    this.onmessage?.({ data: JSON.stringify(body) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];

const makeClient = (overrides: Partial<ConstructorParameters<typeof LiveClient>[0]> = {}) =>
  new LiveClient({
    userId: 7,
    url: 'ws://test/ws',
    getToken: () => 'access',
    refreshToken: vi.fn().mockResolvedValue('fresh'),
    onSessionEnded: vi.fn(),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5,
    ...overrides,
  });

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveClient', () => {
  it('joins with the user id and token and is connected once the server confirms', () => {
    const client = makeClient();
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    client.start();
    sockets[0]!.open();

    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: 'join', userId: 7, token: 'access' });
    expect(client.getStatus()).toBe('connecting');
    sockets[0]!.message({ type: 'joined', data: { userId: 7, role: 'staff', seq: 40 } });
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('dispatches messages to handlers of their type and to catch-all handlers', () => {
    const client = makeClient();
    const typed = vi.fn();
    const all = vi.fn();
    client.subscribe('attendance_update', typed);
    client.subscribe('*', all);
    client.start();
    sockets[0]!.open();
    const event = { type: 'attendance_update', data: { userId: 7, date: '2026-01-02', action: 'check_in' } };
    sockets[0]!.message(event);
    sockets[0]!.message({ type: 'device_event', data: { eventType: 'x', deviceId: 'HK-1' } });

    expect(typed).toHaveBeenCalledTimes(1);
    expect(typed).toHaveBeenCalledWith(event);
    expect(all).toHaveBeenCalledTimes(2);
  });

  it('reconnects with growing backoff after a drop and joins again', () => {
    const client = makeClient();
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(1006);
    expect(client.getStatus()).toBe('disconnected');

    vi.advanceTimersByTime(374);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    sockets[1]!.drop(1006);
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(JSON.parse(sockets[2]!.sent[0]!)).toMatchObject({ type: 'join', userId: 7 });
  });

  it('joins again with the seq of the last message it received, so the server sends what it missed', () => {
    const client = makeClient();
    client.start();
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).not.toHaveProperty('since');
    sockets[0]!.message({ type: 'joined', data: { userId: 7, role: 'staff', seq: 40 } });
    sockets[0]!.message({
      type: 'attendance_update',
      data: { userId: 7, date: '2026-11-27', action: 'check_in' },
      seq: 52,
    });
    // The log's order is commit order, not number order: the last one received counts.
    sockets[0]!.message({
      type: 'attendance_update',
      data: { userId: 7, date: '2026-11-27', action: 'check_out' },
      seq: 47,
    });
    sockets[0]!.drop(1006);
    vi.advanceTimersByTime(375);
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toMatchObject({ type: 'join', since: 47 });
  });

  it('renews the token and reconnects when the server refuses it (4401)', async () => {
    const refreshToken = vi.fn().mockResolvedValue('fresh');
    const client = makeClient({ refreshToken });
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(CLOSE_UNAUTHENTICATED);

    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('signs out and stays closed when the server ends the session (4403)', () => {
    const onSessionEnded = vi.fn();
    const client = makeClient({ onSessionEnded });
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(CLOSE_SESSION_ENDED);

    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not reconnect after stop', () => {
    const client = makeClient();
    client.start();
    sockets[0]!.open();
    client.stop();
    sockets[0]!.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.getStatus()).toBe('idle');
  });

  it('caps the backoff at ten seconds', () => {
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(20, () => 1)).toBe(10_000);
    expect(backoffDelay(20, () => 0)).toBe(5_000);
  });
});
