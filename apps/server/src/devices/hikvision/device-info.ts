import { XMLParser } from 'fast-xml-parser';
import { type DeviceEndpoint, DeviceUnreachable, isapi } from './client';
import { text } from './parse';

/** What `GET /ISAPI/System/deviceInfo` says a device is. */
export interface DeviceIdentity {
  deviceName: string | null;
  model: string;
  serialNumber: string;
  firmwareVersion: string | null;
  macAddress: string | null;
  deviceType: string | null;
}

/** Why a device could not be identified, in words a person can act on. */
export type IdentifyFailure = 'unreachable' | 'timeout' | 'credentials' | 'not_isapi';

export class DeviceNotIdentified extends Error {
  constructor(
    readonly reason: IdentifyFailure,
    message: string,
  ) {
    super(message);
  }
}

const xml = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

/**
 * Asks a device what it is, with digest authentication, within `timeoutMs`: the model, serial
 * number, firmware and MAC an administrator confirms before Atrium registers it.
 */
export async function identifyDevice(device: DeviceEndpoint, timeoutMs = 5000): Promise<DeviceIdentity> {
  let res: { status: number; text: string };
  try {
    res = await isapi(device, 'GET', '/ISAPI/System/deviceInfo', undefined, timeoutMs);
  } catch (error) {
    if (!(error instanceof DeviceUnreachable)) throw error;
    throw error.timedOut
      ? new DeviceNotIdentified(
          'timeout',
          `${device.address} did not answer within ${timeoutMs / 1000} seconds: check the address and that the device is on the network`,
        )
      : new DeviceNotIdentified(
          'unreachable',
          `Nothing answers at ${device.address}: check the address and the port`,
        );
  }
  if (res.status === 401 || res.status === 403)
    throw new DeviceNotIdentified('credentials', 'The device refused the username or password');
  const info = res.status === 200 ? parseDeviceInfo(res.text) : undefined;
  if (!info)
    throw new DeviceNotIdentified(
      'not_isapi',
      `${device.address} answers, but not as a Hikvision ISAPI device (no device information at /ISAPI/System/deviceInfo)`,
    );
  return info;
}

function parseDeviceInfo(body: string): DeviceIdentity | undefined {
  let doc: { DeviceInfo?: Record<string, unknown> } | undefined;
  try {
    doc = xml.parse(body);
  } catch {
    return undefined;
  }
  const info = doc?.DeviceInfo;
  const model = text(info?.model, 64);
  const serialNumber = text(info?.serialNumber, 64);
  if (!info || !model || !serialNumber) return undefined;
  return {
    deviceName: text(info.deviceName, 100),
    model,
    serialNumber,
    firmwareVersion: text(info.firmwareVersion, 64),
    macAddress: text(info.macAddress, 32),
    deviceType: text(info.deviceType, 64),
  };
}
