import { XMLParser } from 'fast-xml-parser';
import { type DeviceEndpoint, DeviceUnreachable, isapi } from './client';
import { escapeXml } from './xml';

/** Why a device's event target could not be set, in words; undefined when it was. */
export type EventTargetOutcome = { ok: true } | { ok: false; error: string };

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });
const PATH = '/ISAPI/Event/notification/httpHosts';

/** The httpHosts entry that makes a device push its events, as JSON, to `pushUrl`. */
export function httpHostXml(pushUrl: string): string {
  const url = new URL(pushUrl);
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<HttpHostNotificationList version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema">' +
    '<HttpHostNotification><id>1</id>' +
    `<url>${escapeXml(url.pathname)}</url>` +
    `<protocolType>${url.protocol === 'https:' ? 'HTTPS' : 'HTTP'}</protocolType>` +
    '<parameterFormatType>JSON</parameterFormatType>' +
    (ip
      ? `<addressingFormatType>ipaddress</addressingFormatType><ipAddress>${url.hostname}</ipAddress>`
      : `<addressingFormatType>hostname</addressingFormatType><hostName>${escapeXml(url.hostname)}</hostName>`) +
    `<portNo>${port}</portNo><httpAuthenticationMethod>none</httpAuthenticationMethod>` +
    '</HttpHostNotification></HttpHostNotificationList>'
  );
}

/** The push URLs a device's httpHosts answer names (what it will push to). */
export function readHttpHosts(body: string): string[] {
  let doc: { HttpHostNotificationList?: { HttpHostNotification?: unknown } } | undefined;
  try {
    doc = xml.parse(body);
  } catch {
    return [];
  }
  const hosts = doc?.HttpHostNotificationList?.HttpHostNotification;
  const list = (Array.isArray(hosts) ? hosts : hosts ? [hosts] : []) as Record<string, string | undefined>[];
  return list.flatMap((h) => {
    const host = h.addressingFormatType === 'hostname' ? h.hostName : h.ipAddress;
    if (!host || !h.url) return [];
    const scheme = h.protocolType?.toUpperCase() === 'HTTPS' ? 'https' : 'http';
    const port = h.portNo ?? (scheme === 'https' ? '443' : '80');
    return [new URL(`${scheme}://${host}:${port}${h.url}`).href];
  });
}

/**
 * Sets the device's event target to `pushUrl` (`PUT .../httpHosts`) and reads it back: the
 * device answering OK is not enough, it must then name that URL.
 */
export async function setEventTarget(
  device: DeviceEndpoint,
  pushUrl: string,
  timeoutMs = 5000,
): Promise<EventTargetOutcome> {
  try {
    const put = await isapi(device, 'PUT', PATH, httpHostXml(pushUrl), timeoutMs);
    if (put.status === 401) return { ok: false, error: 'The device refused the username or password' };
    if (put.status !== 200)
      return { ok: false, error: `The device refused the event target (HTTP ${put.status})` };
    const got = await isapi(device, 'GET', PATH, undefined, timeoutMs);
    if (got.status !== 200)
      return { ok: false, error: `The device did not show its event target (HTTP ${got.status})` };
    if (!readHttpHosts(got.text).includes(new URL(pushUrl).href))
      return { ok: false, error: 'The device answered OK but does not name Atrium as its event target' };
    return { ok: true };
  } catch (error) {
    if (error instanceof DeviceUnreachable) return { ok: false, error: error.message };
    throw error;
  }
}
