import { XMLParser } from 'fast-xml-parser';
import { authorization, type Challenge, parseChallenge } from './digest';
import { text } from './parse';

/**
 * Commands Atrium sends to a controller (isapi.md, "Commands"): HTTP with digest auth. A device
 * that does not answer within the timeout is reported as unreachable, never as a server error.
 */

export interface DeviceEndpoint {
  /** http://host:port */
  address: string;
  username: string;
  password: string;
}

export class DeviceUnreachable extends Error {
  constructor(
    message: string,
    /** It did not answer in time, rather than refusing the connection. */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/** The last challenge of each device and user, with how many requests have answered it. */
const challenges = new Map<string, { challenge: Challenge; nc: number }>();
const MAX_CHALLENGES = 1000;
function remember(key: string, entry: { challenge: Challenge; nc: number }) {
  if (challenges.size >= MAX_CHALLENGES) challenges.delete(challenges.keys().next().value!);
  challenges.set(key, entry);
}

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

export async function isapi(
  device: DeviceEndpoint,
  method: string,
  path: string,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const url = new URL(path, device.address);
  const send = async (auth?: string) => {
    const headers: Record<string, string> = {};
    // ISAPI takes XML, and JSON on the endpoints asked with ?format=json.
    if (body !== undefined)
      headers['content-type'] = body.startsWith('{') ? 'application/json' : 'application/xml';
    if (auth) headers.authorization = auth;
    try {
      return await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new DeviceUnreachable(
        `The device at ${device.address} did not answer: ${timedOut ? 'timed out' : (error as Error).message}`,
        timedOut,
      );
    }
  };
  // A device's last challenge answers the next request at once (its nonce with the next count),
  // as browsers do: half the round trips, which is most of the time a large sync takes.
  const key = `${device.address} ${device.username}`;
  const answer = (entry: { challenge: Challenge; nc: number }) => {
    entry.nc += 1;
    const uri = url.pathname + url.search;
    return authorization(entry.challenge, { ...device, method, uri, nc: entry.nc });
  };
  const known = challenges.get(key);
  let res = await send(known ? answer(known) : undefined);
  if (res.status === 401) {
    const challenge = parseChallenge(res.headers.get('www-authenticate'));
    await res.arrayBuffer();
    challenges.delete(key);
    if (!challenge)
      return { status: 401, text: 'The device asked for an authentication Atrium does not speak' };
    const entry = { challenge, nc: 0 };
    res = await send(answer(entry));
    if (res.status !== 401) remember(key, entry);
  }
  const text = (await res.text()).slice(0, 64 * 1024);
  return { status: res.status, text };
}

export interface CommandResult {
  ok: boolean;
  statusCode: number | null;
  statusString: string;
}

/** `PUT /ISAPI/AccessControl/RemoteControl/door/{n}` with `<cmd>open</cmd>`. */
export async function remoteDoor(
  device: DeviceEndpoint,
  door: number,
  cmd: 'open' | 'close' | 'alwaysOpen' | 'alwaysClose',
  timeoutMs = 5000,
): Promise<CommandResult> {
  const res = await isapi(
    device,
    'PUT',
    `/ISAPI/AccessControl/RemoteControl/door/${door}`,
    `<RemoteControlDoor><cmd>${cmd}</cmd></RemoteControlDoor>`,
    timeoutMs,
  );
  let status: { statusCode?: string; statusString?: string; subStatusCode?: string } | undefined;
  try {
    status = xml.parse(res.text)?.ResponseStatus;
  } catch {
    status = undefined;
  }
  const code = status?.statusCode !== undefined ? Number(status.statusCode) : null;
  // Read as a pushed field is (control characters out): the audit log keeps it.
  const said =
    text(status?.statusString, 200) ??
    (res.status === 401 ? 'The device refused the credentials' : `The device answered HTTP ${res.status}`);
  return {
    ok: res.status === 200 && code === 1,
    statusCode: Number.isFinite(code) ? code : null,
    statusString: said,
  };
}

export interface WorkStatus {
  doorLockStatus?: number[];
  doorStatus?: number[];
  magneticStatus?: number[];
  cardReaderOnlineStatus?: number[];
  powerSupplyStatus?: string;
}

/** `GET /ISAPI/AccessControl/AcsWorkStatus?format=json`. */
export async function workStatus(device: DeviceEndpoint, timeoutMs = 5000): Promise<WorkStatus> {
  const res = await isapi(
    device,
    'GET',
    '/ISAPI/AccessControl/AcsWorkStatus?format=json',
    undefined,
    timeoutMs,
  );
  if (res.status !== 200) {
    throw new DeviceUnreachable(
      res.status === 401 ? 'The device refused the credentials' : `The device answered HTTP ${res.status}`,
    );
  }
  try {
    const doc = JSON.parse(res.text) as { AcsWorkStatus?: WorkStatus };
    return doc.AcsWorkStatus ?? {};
  } catch {
    throw new DeviceUnreachable('The device answered with something that is not JSON');
  }
}
