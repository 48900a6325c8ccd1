import { randomBytes } from 'node:crypto';
import { escapeXml } from '../xml';

/**
 * The three body forms real controllers push (isapi.md): JSON, XML with the ISAPI default
 * namespace, and multipart/form-data with the event part and an optional JPEG picture.
 */

export type PushFormat = 'json' | 'xml' | 'multipart';

export interface SimEvent {
  deviceId: string;
  ip: string;
  /** Device time with its own offset, e.g. 2026-11-20T08:57:12+00:00 */
  dateTime: string;
  major: number;
  minor: number;
  serialNo?: number;
  cardNo?: string;
  employeeNo?: string;
  name?: string;
  readerNo?: number;
  doorNo?: number;
  verifyMode?: string;
  currentEvent: boolean;
  picture?: Buffer;
}

/** The device's clock: its local wall time and its UTC offset (whole minutes). */
export function deviceTime(at: Date, offsetMinutes = 0): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function accessObject(e: SimEvent) {
  const inner: Record<string, unknown> = {
    deviceName: e.deviceId,
    majorEventType: e.major,
    subEventType: e.minor,
  };
  if (e.cardNo !== undefined) inner.cardNo = e.cardNo;
  if (e.cardNo !== undefined) inner.cardType = 1;
  if (e.name !== undefined) inner.name = e.name;
  if (e.readerNo !== undefined) inner.cardReaderNo = e.readerNo;
  inner.doorNo = e.doorNo ?? 1;
  if (e.employeeNo !== undefined) inner.employeeNoString = e.employeeNo;
  if (e.serialNo !== undefined) inner.serialNo = e.serialNo;
  inner.userType = 'normal';
  if (e.verifyMode !== undefined) inner.currentVerifyMode = e.verifyMode;
  inner.currentEvent = e.currentEvent;
  if (e.serialNo !== undefined) inner.frontSerialNo = Math.max(0, e.serialNo - 1);
  inner.picturesNumber = e.picture ? 1 : 0;
  return inner;
}

export function jsonEvent(e: SimEvent, wrap = false): string {
  const doc = {
    ipAddress: e.ip,
    portNo: 80,
    protocol: 'HTTP',
    macAddress: 'a4:14:37:aa:bb:cc',
    channelID: 1,
    dateTime: e.dateTime,
    activePostCount: 1,
    eventType: 'AccessControllerEvent',
    eventState: 'active',
    eventDescription: 'Access Controller Event',
    deviceID: e.deviceId,
    AccessControllerEvent: accessObject(e),
  };
  return JSON.stringify(wrap ? { EventNotificationAlert: doc } : doc);
}

export function xmlEvent(e: SimEvent): string {
  const inner = Object.entries(accessObject(e))
    .map(([k, v]) => `<${k}>${escapeXml(String(v))}</${k}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
    `<ipAddress>${e.ip}</ipAddress><portNo>80</portNo><protocol>HTTP</protocol><channelID>1</channelID>` +
    `<dateTime>${e.dateTime}</dateTime><activePostCount>1</activePostCount>` +
    '<eventType>AccessControllerEvent</eventType><eventState>active</eventState>' +
    `<eventDescription>Access Controller Event</eventDescription><deviceID>${escapeXml(e.deviceId)}</deviceID>` +
    `<AccessControllerEvent>${inner}</AccessControllerEvent></EventNotificationAlert>`
  );
}

export function heartbeatXml(ip: string, dateTime: string): string {
  return (
    '<EventNotificationAlert version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
    `<ipAddress>${ip}</ipAddress><channelID>1</channelID><dateTime>${dateTime}</dateTime>` +
    '<activePostCount>0</activePostCount><eventType>videoloss</eventType><eventState>inactive</eventState>' +
    '<eventDescription>videoloss alarm</eventDescription></EventNotificationAlert>'
  );
}

/** A multipart body: the event as JSON named event_log, then the picture when there is one. */
export function multipartEvent(e: SimEvent): { body: Buffer; contentType: string } {
  const boundary = `----atriumsim${randomBytes(8).toString('hex')}`;
  const json = Buffer.from(jsonEvent(e));
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="event_log"\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    ),
    json,
    Buffer.from('\r\n'),
  ];
  if (e.picture) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Picture"; filename="Picture.jpg"\r\nContent-Type: image/jpeg\r\nContent-Length: ${e.picture.length}\r\n\r\n`,
      ),
      e.picture,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function encode(e: SimEvent, format: PushFormat): { body: Buffer | string; contentType: string } {
  if (format === 'json') return { body: jsonEvent(e), contentType: 'application/json' };
  if (format === 'xml') return { body: xmlEvent(e), contentType: 'application/xml; charset=UTF-8' };
  return multipartEvent(e);
}

/** A tiny valid JPEG (1x1 grey), what a face terminal's snapshot stands for in the simulator. */
export const TINY_JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbfcffd9',
  'hex',
);
