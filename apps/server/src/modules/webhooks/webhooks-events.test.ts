import { WebhookEventType } from '@atrium/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCredentialsKey } from '../../../test/context';
import { makeDevice } from '../../../test/factories';
import { leaveRequests } from '../../../test/leave';
import { useSuite } from '../../../test/suite';
import { type ReceivedHook, type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { DeviceCredentials } from '../../devices/hikvision/credentials';
import { sweepOfflineDevices } from '../access/device-monitor';
import { fanOut } from './fan-out';
import { WebhookSender } from './webhook-sender';

/** A Monday: check-in and leave on working days. */
const NOW = '2026-06-15T10:00:00Z';
const suite = useSuite({ now: NOW });
const leave = leaveRequests(suite);
let receiver: Receiver;
let secret: string;
let sender: WebhookSender;

beforeAll(async () => {
  receiver = await startReceiver();
  sender = new WebhookSender(suite.db, suite.bus, new DeviceCredentials(testCredentialsKey), {
    retryDelaysMs: [50],
  });
  await suite.http.put('/api/webhooks/settings', suite.admin, { allowPrivateAddresses: true });
  const res = await suite.http.post('/api/webhooks', suite.admin, {
    url: receiver.url,
    eventTypes: WebhookEventType.options,
  });
  secret = res.json().secret;
});
afterAll(async () => {
  await receiver?.close();
});

/** Delivers what the log holds now and answers the messages of `type` received so far, each verified. */
async function received(type: string): Promise<Record<string, unknown>[]> {
  await fanOut(suite.db);
  await sender.sendDue();
  const verify = new Webhook(secret);
  return receiver.received
    .filter((r: ReceivedHook) => r.type === type)
    .map((r) => (verify.verify(r.body, r.headers) as { data: Record<string, unknown> }).data);
}

describe('each event arrives as its webhook type', () => {
  it('check-in and check-out', async () => {
    const staff = await suite.signedIn({ firstName: 'Ines', lastName: 'Ortega' });
    expect((await suite.http.post('/api/attendance/check-in', staff)).statusCode).toBe(200);
    expect((await suite.http.post('/api/attendance/check-out', staff)).statusCode).toBe(200);
    const person = { id: staff.user.id, name: 'Ines Ortega', email: staff.user.email };
    expect(await received('attendance.checked_in')).toEqual([
      { person: expect.objectContaining(person), date: '2026-06-15' },
    ]);
    expect(await received('attendance.checked_out')).toEqual([
      { person: expect.objectContaining(person), date: '2026-06-15' },
    ]);
  });

  it('leave submitted and decided', async () => {
    const staff = await leave.staff();
    const id = await leave.applyFor(staff, '2026-06-22', '2026-06-23');
    const [submitted] = (await received('leave.submitted')).filter((d) => d.applicationId === id);
    expect(submitted).toMatchObject({
      applicationId: id,
      person: { id: staff.id },
      leaveType: 'Annual Leave',
      startDate: '2026-06-22',
      endDate: '2026-06-23',
      status: 'pending',
    });
    expect((await leave.decide(suite.admin, id, 'approved', 'Enjoy')).statusCode).toBe(200);
    const decided = (await received('leave.decided')).filter((d) => d.applicationId === id);
    expect(decided).toEqual([
      expect.objectContaining({
        applicationId: id,
        person: expect.objectContaining({ id: staff.id }),
        status: 'approved',
        decidedBy: suite.admin.user.id,
        comments: 'Enjoy',
      }),
    ]);
  });

  it('person created, changed and disabled, never with a password or secret', async () => {
    const created = await suite.http.post('/api/users', suite.admin, {
      firstName: 'Wen',
      lastName: 'Li',
      email: 'wen.li@example.test',
      employeeNumber: 'EWL1',
      badgeNumber: 'BWL1',
      departmentId: null,
      role: 'staff',
      startDate: '2026-06-01',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().person.id;
    expect(
      (await suite.http.patch(`/api/users/${id}`, suite.admin, { lastName: 'Li-Chen' })).statusCode,
    ).toBeLessThan(300);
    expect((await suite.http.post(`/api/users/${id}/disable`, suite.admin, {})).statusCode).toBe(200);
    expect((await received('person.created')).find((d) => (d.person as { id: number }).id === id)).toEqual({
      person: { id, name: 'Wen Li', email: 'wen.li@example.test', employeeNumber: 'EWL1' },
      role: 'staff',
      departmentId: null,
      startDate: '2026-06-01',
      endDate: null,
    });
    expect(
      (await received('person.changed')).find((d) => (d.person as { id: number }).id === id),
    ).toMatchObject({
      changes: { lastName: { old: 'Li', new: 'Li-Chen' } },
    });
    expect(
      (await received('person.disabled')).filter((d) => (d.person as { id: number }).id === id),
    ).toHaveLength(1);
    for (const r of receiver.received) expect(r.body).not.toMatch(/password|token|whsec_/i);
  });

  it('a device going offline, its alert raised and acknowledged', async () => {
    const device = await makeDevice(suite.db, {
      code: 'HK-WH1',
      status: 'online',
      lastSeenAt: new Date('2026-06-15T09:00:00Z'),
    });
    expect(await sweepOfflineDevices(suite.db, suite.bus, new Date(NOW), 300)).toBe(1);
    expect((await received('device.offline')).find((d) => d.deviceId === 'HK-WH1')).toMatchObject({
      id: device.id,
      deviceId: 'HK-WH1',
    });
    const raised = (await received('alert.raised')).find((d) => d.deviceId === 'HK-WH1')!;
    expect(raised).toMatchObject({ kind: 'device_offline', severity: 'high', source: 'access' });
    const ack = await suite.http.post(`/api/access/alerts/${raised.alertId}/acknowledge`, suite.admin, {
      note: 'Technician on the way',
    });
    expect(ack.statusCode).toBe(200);
    expect(await received('alert.acknowledged')).toEqual([
      expect.objectContaining({
        alertId: raised.alertId,
        kind: 'device_offline',
        acknowledgedBy: suite.admin.user.id,
        note: 'Technician on the way',
      }),
    ]);
  });

  it('every message arrived once', () => {
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
