import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeviceEndpoint, isapi } from '../client';
import { SimulatedController } from './controller';

// The simulated controller's own people and cards over real HTTP with digest authentication, and
// the door deciding a swipe by them.
const pushed: Record<string, unknown>[] = [];
let receiver: http.Server;
let controller: SimulatedController;
let device: DeviceEndpoint;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushed.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  controller = new SimulatedController({
    deviceId: 'LIST-1',
    pushUrl: `http://127.0.0.1:${port}/push`,
    format: 'json',
    username: 'admin',
    password: 'List#2026',
  });
  await controller.start();
  device = { address: controller.address!, username: 'admin', password: 'List#2026' };
});

afterAll(async () => {
  await controller.stop();
  receiver.closeAllConnections();
  receiver.close();
});

const send = async (method: string, path: string, body: object) => {
  const res = await isapi(device, method, `${path}?format=json`, JSON.stringify(body), 5000);
  return { status: res.status, json: JSON.parse(res.text) as Record<string, Record<string, unknown>> };
};

const lastEvent = () => (pushed.at(-1)?.AccessControllerEvent ?? {}) as Record<string, unknown>;

describe('a simulated controller keeps its own people and cards', () => {
  it('refuses every card while its list is empty', async () => {
    expect(controller.people.managed).toBe(false);
    expect((await controller.swipe('0001', 1)).granted).toBe(false);
    expect(lastEvent()).toMatchObject({ majorEventType: 5, subEventType: 9, cardNo: '0001' });
  });

  it('takes people and cards (Record, SetUp), refuses duplicates and cards of nobody, and pages a search', async () => {
    const user = (employeeNo: string, name: string, endTime = '2037-12-31T23:59:59') => ({
      UserInfo: {
        employeeNo,
        name,
        userType: 'normal',
        Valid: { enable: true, beginTime: '2020-01-01T00:00:00', endTime },
        doorRight: '1',
      },
    });
    expect(
      (await send('POST', '/ISAPI/AccessControl/UserInfo/Record', user('E1', 'Ada Lovelace'))).status,
    ).toBe(200);
    const twice = await send('POST', '/ISAPI/AccessControl/UserInfo/Record', user('E1', 'Ada Lovelace'));
    expect([twice.status, twice.json.subStatusCode]).toEqual([400, 'employeeNoAlreadyExist']);
    expect(
      (
        await send(
          'PUT',
          '/ISAPI/AccessControl/UserInfo/SetUp',
          user('E2', 'Alan Turing', '2020-06-30T23:59:59'),
        )
      ).status,
    ).toBe(200);
    for (const [cardNo, employeeNo] of [
      ['1001', 'E1'],
      ['1002', 'E2'],
    ])
      expect(
        (
          await send('POST', '/ISAPI/AccessControl/CardInfo/Record', {
            CardInfo: { cardNo, employeeNo, cardType: 'normalCard' },
          })
        ).status,
      ).toBe(200);
    const orphan = await send('POST', '/ISAPI/AccessControl/CardInfo/Record', {
      CardInfo: { cardNo: '1003', employeeNo: 'E9' },
    });
    expect([orphan.status, orphan.json.subStatusCode]).toEqual([400, 'employeeNoNotExist']);
    const first = await send('POST', '/ISAPI/AccessControl/UserInfo/Search', {
      UserInfoSearchCond: { searchID: 's1', searchResultPosition: 0, maxResults: 1 },
    });
    expect(first.json.UserInfoSearch).toMatchObject({
      responseStatusStrg: 'MORE',
      numOfMatches: 1,
      totalMatches: 2,
    });
    const second = await send('POST', '/ISAPI/AccessControl/UserInfo/Search', {
      UserInfoSearchCond: { searchID: 's1', searchResultPosition: 1, maxResults: 1 },
    });
    expect(second.json.UserInfoSearch).toMatchObject({ responseStatusStrg: 'OK', numOfMatches: 1 });
    expect(controller.people.managed).toBe(true);
  });

  it('decides a swipe by its list: a valid person passes, one past their validity and an unknown card do not', async () => {
    const granted = await controller.swipe('1001', 1);
    expect(granted).toMatchObject({ granted: true, delivered: true });
    expect(lastEvent()).toMatchObject({
      majorEventType: 5,
      subEventType: 1,
      cardNo: '1001',
      employeeNoString: 'E1',
    });
    expect((await controller.swipe('1002', 1)).granted).toBe(false);
    expect(lastEvent()).toMatchObject({ majorEventType: 5, subEventType: 6, cardNo: '1002' });
    expect((await controller.swipe('4242', 1)).granted).toBe(false);
    expect(lastEvent()).toMatchObject({ majorEventType: 5, subEventType: 9, cardNo: '4242' });
  });

  it('forgets a deleted person and their cards: the next swipe is refused', async () => {
    const res = await send('PUT', '/ISAPI/AccessControl/UserInfo/Delete', {
      UserInfoDelCond: { EmployeeNoList: [{ employeeNo: 'E1' }] },
    });
    expect(res.status).toBe(200);
    expect(controller.people.cardsOf('E1')).toEqual([]);
    expect((await controller.swipe('1001', 1)).granted).toBe(false);
    expect(lastEvent()).toMatchObject({ subEventType: 9 });
  });
});
