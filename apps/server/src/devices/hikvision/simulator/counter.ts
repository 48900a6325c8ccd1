/**
 * A simulated Hikvision people-counting camera: it pushes ISAPI `PeopleCounting` events with
 * `statisticalMethods` timeRange (counts over a window it measured) to Atrium's push URL, the
 * way a real counter configured for "upload by time range" does.
 */

export interface CounterWindow {
  start: Date;
  end: Date;
  entries: number;
  exits: number;
  passby: number;
}

export interface CounterOptions {
  deviceId: string;
  pushUrl: string;
  timeoutMs?: number;
}

/** The ISAPI XML body of one timeRange window. */
export function timeRangeXml(deviceId: string, w: CounterWindow): string {
  const end = w.end.toISOString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
  <ipAddress>127.0.0.1</ipAddress><channelID>1</channelID>
  <dateTime>${end}</dateTime><activePostCount>1</activePostCount>
  <eventType>PeopleCounting</eventType><eventState>active</eventState>
  <eventDescription>peopleCounting alarm</eventDescription>
  <channelName>${deviceId}</channelName>
  <peopleCounting>
    <statisticalMethods>timeRange</statisticalMethods>
    <TimeRange><startTime>${w.start.toISOString()}</startTime><endTime>${end}</endTime></TimeRange>
    <enter>${w.entries}</enter><exit>${w.exits}</exit><pass>${w.passby}</pass>
  </peopleCounting>
</EventNotificationAlert>`;
}

export class SimulatedCounter {
  constructor(private readonly o: CounterOptions) {}

  get deviceId(): string {
    return this.o.deviceId;
  }

  /** Pushes one window; true when Atrium accepted it. */
  async push(w: CounterWindow): Promise<boolean> {
    const res = await fetch(this.o.pushUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: timeRangeXml(this.o.deviceId, w),
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 5000),
    });
    await res.arrayBuffer();
    return res.ok;
  }
}
