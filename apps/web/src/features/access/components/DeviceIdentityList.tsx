import type { DeviceIdentity } from '@atrium/contract';

/** What a device said it is (ISAPI deviceInfo), for the administrator to confirm. */
export function DeviceIdentityList({ identity }: { identity: DeviceIdentity }) {
  const rows: [string, string | null][] = [
    ['Model', identity.model],
    ['Serial number', identity.serialNumber],
    ['Firmware', identity.firmwareVersion],
    ['MAC address', identity.macAddress],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="device-identity">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 font-mono text-xs break-all text-slate-900 sm:text-sm">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
