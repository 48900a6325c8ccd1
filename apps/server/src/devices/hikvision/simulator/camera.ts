/**
 * A simulated Hikvision camera's motion alarm (VMD) configured to notify an alarm host: while it
 * sees motion it pushes `eventState` active about once a second, and inactive once it stops,
 * to Atrium's camera push URL, the way a real camera's "Notify Surveillance Center" does.
 */

export interface CameraAlarmOptions {
  pushUrl: string;
  /** Whether the camera sees motion now. */
  moving: () => boolean;
  intervalMs?: number;
  log?: (line: string) => void;
}

/** The ISAPI XML body of one VMD notice. */
export function vmdXml(state: 'active' | 'inactive', postCount: number, at = new Date()): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">
  <ipAddress>127.0.0.1</ipAddress><portNo>80</portNo><protocol>HTTP</protocol>
  <macAddress>00:00:5e:00:53:01</macAddress><channelID>1</channelID>
  <dateTime>${at.toISOString()}</dateTime><activePostCount>${postCount}</activePostCount>
  <eventType>VMD</eventType><eventState>${state}</eventState>
  <eventDescription>Motion alarm</eventDescription>
</EventNotificationAlert>`;
}

export class SimulatedCameraAlarm {
  private timer: NodeJS.Timeout | undefined;
  private active = false;
  private postCount = 0;
  private busy = false;

  constructor(private readonly o: CameraAlarmOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    const moving = this.o.moving();
    if (!moving && !this.active) return;
    this.busy = true;
    try {
      this.postCount = moving ? this.postCount + 1 : 0;
      const res = await fetch(this.o.pushUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: vmdXml(moving ? 'active' : 'inactive', Math.max(1, this.postCount)),
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      // Like a camera, it tells the end once it was heard; a refused notice is sent again.
      if (res.ok) this.active = moving;
    } catch (error) {
      this.o.log?.(`simulated camera alarm: ${(error as Error).message}`);
    } finally {
      this.busy = false;
    }
  }
}
