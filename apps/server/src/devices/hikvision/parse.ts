import { zonedInstant } from '@atrium/contract/calendar';
import { findUnstorableText } from '../../core/storable-text';
import { readXml } from './xml';

/**
 * Reads what a Hikvision device pushes (isapi.md, "How devices push"): a JSON body, an XML
 * `EventNotificationAlert`, or multipart/form-data with the event as one part and an optional
 * JPEG picture. Everything ends up as one plain object plus the picture; `readAccessEvent`
 * then takes the access controller's fields out of it. Bad input throws `PushFormatError`.
 */

export class PushFormatError extends Error {}

export interface PushBody {
  /** The EventNotificationAlert object, whichever form it came in. */
  alert: Record<string, unknown>;
  picture?: Buffer;
}

const MAX_PICTURE_BYTES = 1024 * 1024;

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `{"EventNotificationAlert": {...}}` and the bare object are the same event. */
function unwrap(doc: unknown): Record<string, unknown> {
  const obj = asObject(doc);
  if (!obj) throw new PushFormatError('the event must be an object');
  const inner = asObject(obj.EventNotificationAlert);
  return inner ?? obj;
}

function parseJson(text: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new PushFormatError('the body is not valid JSON');
  }
  return unwrap(doc);
}

function parseXml(text: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = readXml(text);
  } catch (error) {
    throw new PushFormatError(`the body is not valid XML: ${(error as Error).message}`);
  }
  const root = asObject(asObject(doc)?.EventNotificationAlert);
  if (!root) throw new PushFormatError('the XML has no EventNotificationAlert element');
  return root;
}

/** JSON or XML, by the declared type or, when the type says nothing useful, by the first character. */
function parseEventText(text: string, type: string): Record<string, unknown> {
  if (type.includes('json')) return parseJson(text);
  if (type.includes('xml')) return parseXml(text);
  const first = text.trimStart()[0];
  if (first === '{') return parseJson(text);
  if (first === '<') return parseXml(text);
  throw new PushFormatError('the event is neither JSON nor XML');
}

interface Part {
  name: string | undefined;
  type: string;
  body: Buffer;
}

function boundaryOf(contentType: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new PushFormatError('multipart body without a boundary');
  return boundary;
}

/** A small multipart/form-data reader: parts are few and small, and may carry a Content-Length. */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new PushFormatError('multipart body without its boundary');
  while (pos >= 0) {
    let start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    else if (body[start] === 0x0a) start += 1;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd < 0) throw new PushFormatError('multipart part without headers');
    const headers = body.subarray(start, headerEnd).toString('latin1');
    const dataStart = headerEnd + 4;
    const length = /^content-length:\s*(\d+)/im.exec(headers);
    let dataEnd: number;
    let next: number;
    if (length) {
      dataEnd = dataStart + Number(length[1]);
      if (dataEnd > body.length) throw new PushFormatError('multipart part shorter than its Content-Length');
      next = body.indexOf(delimiter, dataEnd);
    } else {
      next = body.indexOf(delimiter, dataStart);
      if (next < 0) throw new PushFormatError('multipart part without a closing boundary');
      dataEnd = next;
      if (body[dataEnd - 1] === 0x0a) dataEnd -= body[dataEnd - 2] === 0x0d ? 2 : 1;
    }
    const name = /content-disposition:[^\r\n]*\bname="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    const type = /^content-type:\s*([^\r\n;]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? '';
    parts.push({ name, type, body: body.subarray(dataStart, dataEnd) });
    pos = next;
  }
  return parts;
}

const isPicture = (p: Part) => p.type.startsWith('image/') || /^picture$/i.test(p.name ?? '');

/**
 * The event, mended when it holds text the database cannot store: an unpaired surrogate, from a
 * JSON escape or an XML character reference (bytes that are not UTF-8 decode to U+FFFD already),
 * becomes U+FFFD. Refusing it would not help: the device cannot change what it recorded and
 * would send it again. Control characters go too, as `text` and `storableRaw` drop them anyway.
 */
function storable(alert: Record<string, unknown>): Record<string, unknown> {
  return findUnstorableText(alert, { nul: false }) ? (clean(alert, 0) as Record<string, unknown>) : alert;
}

/** Reads one push body, whatever form it came in. */
export function parsePush(contentType: string | undefined, body: Buffer): PushBody {
  const type = mediaType(contentType);
  if (body.length === 0) throw new PushFormatError('the body is empty');
  if (type === 'multipart/form-data') {
    const parts = parseMultipart(body, contentType ?? '');
    const picture = parts.find(isPicture);
    const event = parts.find((p) => !isPicture(p) && p.body.length > 0);
    if (!event) throw new PushFormatError('the multipart body has no event part');
    const alert = storable(parseEventText(event.body.toString('utf8'), event.type));
    if (picture && picture.body.length > MAX_PICTURE_BYTES)
      throw new PushFormatError(`the picture is larger than ${MAX_PICTURE_BYTES} bytes`);
    return { alert, picture: picture && picture.body.length > 0 ? Buffer.from(picture.body) : undefined };
  }
  return { alert: storable(parseEventText(body.toString('utf8'), type)) };
}

// ---- Fields ----

/** Control characters (NUL above all) cannot be stored and mean nothing in a field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const ANY_CONTROL = /[\u0000-\u001f\u007f]/g;

/** Half of a UTF-16 surrogate pair without its other half (String.isWellFormed, before ES2024). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const wellFormed = (s: string) => s.replace(LONE_SURROGATES, '\uFFFD');

export function text(value: unknown, max = 64): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const s = String(value).replace(ANY_CONTROL, '').trim();
  // Cut, then mended: a cut inside a surrogate pair leaves half of it, which jsonb refuses.
  return s === '' ? null : wellFormed(s.slice(0, max));
}

export function integer(value: unknown, field: string, required: true): number;
export function integer(value: unknown, field: string, required?: false): number | null;
export function integer(value: unknown, field: string, required = false): number | null {
  const s = text(value, 32);
  if (s === null) {
    if (required) throw new PushFormatError(`${field} is required`);
    return null;
  }
  if (!/^-?\d{1,15}$/.test(s)) throw new PushFormatError(`${field} must be a whole number, got "${s}"`);
  return Number(s);
}

function bool(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d{1,9})?(Z|[+-]\d{1,2}(?::?\d{2})?)?$/;

/**
 * The device's dateTime with its own UTC offset (sometimes `-5:00`, one hour digit). Without an
 * offset it is read on the organisation's clock.
 */
export function parseDeviceTime(value: unknown, timeZone: string): Date {
  const s = text(value, 64);
  if (s === null) throw new PushFormatError('dateTime is required');
  const m = DATE_TIME.exec(s);
  if (!m)
    throw new PushFormatError(
      `dateTime must be an ISO 8601 time such as 2026-11-20T08:57:12+00:00, got "${s}"`,
    );
  const [, date, time, fraction = '', zone] = m as unknown as [string, string, string, string?, string?];
  const year = Number(date.slice(0, 4));
  if (year < 2000 || year > 2100)
    throw new PushFormatError(`dateTime must be between 2000 and 2100, got "${s}"`);
  // Date would read 30 February as 2 March, and 24:30 as the next day.
  if (!isRealDay(date) || !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time))
    throw new PushFormatError(`dateTime is not a real time: "${s}"`);
  let instant: Date;
  if (!zone) {
    instant = zonedInstant(date, time, timeZone);
    instant = new Date(instant.getTime() + Math.floor(Number(`0${fraction}`) * 1000));
  } else {
    let offset = 'Z';
    if (zone !== 'Z') {
      const zm = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone)!;
      offset = `${zm[1]}${zm[2]!.padStart(2, '0')}:${zm[3] ?? '00'}`;
    }
    instant = new Date(`${date}T${time}${fraction.slice(0, 4)}${offset}`);
  }
  if (Number.isNaN(instant.getTime())) throw new PushFormatError(`dateTime is not a real time: "${s}"`);
  return instant;
}

function isRealDay(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** What every push carries, whatever the event. */
export interface PushHeader {
  eventType: string;
  eventState: string | null;
  /** The device's own code when it reports one (deviceID). */
  deviceCode: string | null;
  /** Periodic "I am alive": an inactive videoloss event. */
  heartbeat: boolean;
}

export function readHeader(alert: Record<string, unknown>): PushHeader {
  const eventType = text(alert.eventType);
  if (!eventType) throw new PushFormatError('eventType is required');
  const eventState = text(alert.eventState);
  return {
    eventType,
    eventState,
    deviceCode: text(alert.deviceID),
    heartbeat: eventType.toLowerCase() === 'videoloss' && eventState?.toLowerCase() === 'inactive',
  };
}

/** An access controller's event, normalised. */
export interface AccessEventFields {
  occurredAt: Date;
  major: number;
  minor: number;
  serialNo: number | null;
  cardNo: string | null;
  employeeNo: string | null;
  name: string | null;
  readerNo: number | null;
  doorNo: number | null;
  verifyMode: string | null;
  /** false: replayed from the device's backlog after an outage. */
  currentEvent: boolean;
}

export function readAccessEvent(alert: Record<string, unknown>, timeZone: string): AccessEventFields {
  const inner = asObject(alert.AccessControllerEvent);
  if (!inner)
    throw new PushFormatError('AccessControllerEvent is required for eventType AccessControllerEvent');
  const major = integer(inner.majorEventType, 'AccessControllerEvent.majorEventType', true);
  const minor = integer(inner.subEventType, 'AccessControllerEvent.subEventType', true);
  const serialNo = integer(inner.serialNo, 'AccessControllerEvent.serialNo');
  if (serialNo !== null && serialNo < 0)
    throw new PushFormatError('AccessControllerEvent.serialNo must not be negative');
  if (major < 0 || major > 1_000_000 || minor < 0 || minor > 1_000_000)
    throw new PushFormatError('majorEventType and subEventType must be from 0 to 1000000');
  const reader = integer(inner.cardReaderNo, 'AccessControllerEvent.cardReaderNo');
  const door = integer(inner.doorNo, 'AccessControllerEvent.doorNo');
  return {
    occurredAt: parseDeviceTime(alert.dateTime, timeZone),
    major,
    minor,
    serialNo,
    cardNo: text(inner.cardNo, 32),
    employeeNo: text(inner.employeeNoString ?? inner.employeeNo, 32),
    name: text(inner.name, 100),
    readerNo: reader !== null && reader >= 0 && reader < 1000 ? reader : null,
    doorNo: door !== null && door >= 0 && door < 1000 ? door : null,
    verifyMode: text(inner.currentVerifyMode, 32),
    currentEvent: bool(inner.currentEvent) ?? true,
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const HAS_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MAX_DEPTH = 20;

// Lone UTF-16 surrogates (a device's "\ud800") become U+FFFD: jsonb refuses them.
function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return wellFormed(value.replace(CONTROL, ''));
  if (!value || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [wellFormed(k.replace(CONTROL, '')), clean(v, depth + 1)]),
  );
}

/** Whether `clean` would return `value` unchanged: what devices send nearly always is. */
function isClean(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !HAS_CONTROL.test(value) && !LONE_SURROGATE.test(value);
  if (!value || typeof value !== 'object') return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((v) => isClean(v, depth + 1));
  for (const key in value) {
    if (
      HAS_CONTROL.test(key) ||
      LONE_SURROGATE.test(key) ||
      !isClean((value as Record<string, unknown>)[key], depth + 1)
    )
      return false;
  }
  return true;
}

/**
 * The parsed event as stored for diagnosis: control characters and lone surrogates out (PostgreSQL
 * refuses NUL and "\ud800" in jsonb), nothing deeper than 20 levels, and at most 16 KB of it. A clean event is stringified
 * as it is, without the copy cleaning makes.
 */
export function storableRaw(alert: Record<string, unknown>): string {
  const json = JSON.stringify(isClean(alert, 0) ? alert : clean(alert, 0));
  if (json.length <= 16_384) return json;
  // A cut inside a surrogate pair (an emoji) would leave half of it: that half becomes U+FFFD.
  return JSON.stringify({ truncated: true, excerpt: wellFormed(json.slice(0, 16_000)) });
}
