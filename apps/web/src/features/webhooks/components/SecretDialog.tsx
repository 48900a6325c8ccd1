import { Button } from '@/components/ui/Button';
import { CopyField } from '@/components/ui/CopyField';
import { Dialog } from '@/components/ui/Dialog';

/**
 * The signing secret, shown once: Atrium keeps it encrypted and never shows it again, so the
 * administrator copies it into the receiving system now (or rotates it later).
 */
export function SecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Signing secret" footer={<Button onClick={onClose}>Done</Button>}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Messages to <span className="break-all font-medium">{url}</span> are signed with this secret
          (Standard Webhooks). Copy it into the receiving system now: it is not shown again.
        </p>
        <CopyField id="webhook-secret" label="Secret" value={secret} noun="secret" />
      </div>
    </Dialog>
  );
}
