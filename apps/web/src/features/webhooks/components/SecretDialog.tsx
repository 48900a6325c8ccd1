import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/input-classes';

/**
 * The signing secret, shown once: Atrium keeps it encrypted and never shows it again, so the
 * administrator copies it into the receiving system now (or rotates it later).
 */
export function SecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // Without clipboard access (an insecure origin), the selected text is ready for Ctrl+C.
      field.current?.select();
      setCopied('failed');
    }
  };
  return (
    <Dialog open onClose={onClose} title="Signing secret" footer={<Button onClick={onClose}>Done</Button>}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Messages to <span className="break-all font-medium">{url}</span> are signed with this secret
          (Standard Webhooks). Copy it into the receiving system now: it is not shown again.
        </p>
        <label htmlFor="webhook-secret" className="block font-medium text-slate-700">
          Secret
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="webhook-secret"
            ref={field}
            readOnly
            value={secret}
            onFocus={(e) => e.target.select()}
            className={`font-mono text-xs ${inputClasses}`}
          />
          <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
            Copy
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-600">
          {copied === 'yes'
            ? 'Secret copied.'
            : copied === 'failed'
              ? 'Copy failed: press Ctrl+C to copy the selected secret.'
              : ''}
        </p>
      </div>
    </Dialog>
  );
}
