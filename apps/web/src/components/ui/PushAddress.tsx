import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';

interface PushAddressProps {
  /** "device" or "camera", as the sentences name it. */
  subject: string;
  /** A push secret is set already. */
  configured: boolean;
  /** Makes a new secret and answers the new push URL. */
  rotate: () => Promise<string>;
}

/**
 * A new push URL for a device's or a camera's httpHosts setting. The secret inside it is shown
 * this once (the server keeps only its hash), and the old URL stops working, so it asks first.
 */
export function PushAddress({ subject, configured, rotate }: PushAddressProps) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [url, setUrl] = useState<string | null>(null);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Push URL copied');
    } catch {
      toast.warning('Copy failed: select the address and copy it by hand');
    }
  };

  return (
    <section className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm" aria-labelledby="push-secret">
      <h3 id="push-secret" className="font-semibold text-slate-900">
        Push address
      </h3>
      {url ? (
        <>
          <p className="text-slate-700">
            Enter this address on the {subject}. It is shown only now; the previous one no longer works.
          </p>
          <div className="flex gap-2">
            <label htmlFor="push-url" className="sr-only">
              Push URL
            </label>
            <input
              id="push-url"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs"
              data-testid="push-url"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
          </div>
        </>
      ) : confirming ? (
        <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-900">
          <p>The {subject} stops being heard until its push address is changed to the new one. Continue?</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              disabled={pending}
              onClick={() => {
                setPending(true);
                rotate()
                  .then((pushUrl) => {
                    setUrl(pushUrl);
                    setConfirming(false);
                  })
                  .catch((e: unknown) => toast.error(errorMessage(e, 'Failed to create a new push secret')))
                  .finally(() => setPending(false));
              }}
            >
              Create new secret
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep current
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-slate-600">
            {configured ? 'A push secret is set.' : `No push secret yet: the ${subject} cannot push.`}
          </p>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            New push secret
          </Button>
        </div>
      )}
    </section>
  );
}
