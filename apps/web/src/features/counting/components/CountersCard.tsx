import type { Counter } from '@atrium/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormDialog } from '@/components/ui/FormDialog';
import { SiteSelect } from '@/components/ui/SiteSelect';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { useSiteChoices } from '@/lib/site-choices';
import { useSetCounterSite } from '../api/counting-api';

const STATUS_TONE = { online: 'success', offline: 'danger', maintenance: 'warning' } as const;

/**
 * The people counters and the site each counts the entrance of, with several sites only (one
 * site leaves nothing to tell apart or choose): a counter is added under Access Control. Each
 * Change site button is described by its counter's name, not labelled with it, so the page's
 * Entrance filter stays the one thing named after the entrances.
 */
export function CountersCard({ counters }: { counters: Counter[] }) {
  const { several } = useSiteChoices();
  const [moving, setMoving] = useState<Counter | null>(null);
  if (!several || counters.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="counters-title">Counters by Site</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="counters-title" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {counters.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex items-start justify-between gap-2">
                <p id={`counter-${c.id}-name`} className="min-w-0 font-medium break-words text-slate-900">
                  {c.name}
                </p>
                <Badge tone={STATUS_TONE[c.status]}>{c.status}</Badge>
              </div>
              <p className="text-sm text-slate-600">
                <span data-testid="counter-site">{c.site}</span>
                {c.location ? ` · ${c.location}` : ''}
              </p>
              <div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setMoving(c)}
                  aria-describedby={`counter-${c.id}-name`}
                >
                  Change site
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      {moving ? <CounterSiteDialog counter={moving} onClose={() => setMoving(null)} /> : null}
    </Card>
  );
}

function CounterSiteDialog({ counter, onClose }: { counter: Counter; onClose: () => void }) {
  const { sites } = useSiteChoices();
  const [site, setSite] = useState(String(counter.site_id));
  const [error, setError] = useState<string>();
  const save = useSetCounterSite();
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title={`Site of ${counter.name}`}
      formId="counter-site-form"
      busy={save.isPending}
      submitLabel={save.isPending ? 'Saving...' : 'Save'}
      onSubmit={(e) => {
        e.preventDefault();
        if (Number(site) === counter.site_id) return onClose();
        save.mutate(
          { id: counter.id, siteId: Number(site) },
          {
            onSuccess: (device) => {
              toast.success(`${device.name} is now at ${device.site}`);
              onClose();
            },
            onError: (e) => {
              setError(serverFieldErrors(e, { site_id: 'Site' }).site_id);
              toast.error(errorMessage(e, 'Failed to change the site'));
            },
          },
        );
      }}
    >
      <SiteSelect sites={sites} value={site} onChange={setSite} error={error} />
    </FormDialog>
  );
}
