import { useQuery } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useSaveWebhookSettings, webhookQueries } from '../api/webhooks-api';

/**
 * Whether webhooks may point at loopback, private and link-local addresses: off, so a webhook
 * cannot be made to call Atrium's own admin port or the cloud's metadata service; on for a
 * receiver inside the organisation's network. Changing it is audited.
 */
export function PrivateAddressesSwitch() {
  const settings = useQuery(webhookQueries.settings());
  const save = useSaveWebhookSettings();
  const toast = useToast();
  const on = settings.data?.allowPrivateAddresses ?? false;
  return (
    <div className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="webhooks-private-label"
        aria-describedby="webhooks-private-hint"
        disabled={!settings.data || save.isPending}
        onClick={() =>
          save.mutate(
            { allowPrivateAddresses: !on },
            {
              onSuccess: () => toast.success(on ? 'Private addresses refused' : 'Private addresses allowed'),
              onError: (error) => toast.error(errorMessage(error, 'The setting could not be saved')),
            },
          )
        }
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${on ? 'bg-indigo-600' : 'bg-slate-300'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : ''}`}
        />
      </button>
      <div className="text-sm">
        <p id="webhooks-private-label" className="font-medium text-slate-900">
          Allow private addresses
        </p>
        <p id="webhooks-private-hint" className="text-slate-600">
          Lets webhooks reach loopback, private (10.x, 192.168.x, fc00::) and link-local addresses. Leave off
          unless the receiver is inside your network.
        </p>
      </div>
    </div>
  );
}
