import type { Device } from '@atrium/contract';
import { PushAddress } from '@/components/ui/PushAddress';
import { useRotatePushSecret } from '../api/access-api';

/** The device's push address for its httpHosts setting. */
export function PushSecretSection({ device }: { device: Device }) {
  const rotate = useRotatePushSecret();
  return (
    <PushAddress
      subject="device"
      configured={device.has_push_secret}
      rotate={() => rotate.mutateAsync(device.id)}
    />
  );
}
