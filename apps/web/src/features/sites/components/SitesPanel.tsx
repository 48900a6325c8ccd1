import type { Site } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormDialog } from '@/components/ui/FormDialog';
import { QueryState } from '@/components/ui/QueryState';
import { Table } from '@/components/ui/Table';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { counted } from '@/lib/plural';
import { daysText } from '@/lib/weekdays';
import { sitesQuery, useDeleteSite } from '../api/sites-api';
import { siteNowText } from '../lib/site-time';
import { SiteDialog } from './SiteDialog';

/** The wall clocks move on while the tab is open: read them again every half minute. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Organisation > Sites: the organisation's buildings, each with its own zone and "today". The
 * first is the organisation's own (its zone and work week are the Settings'); it is never removed.
 * Below the md breakpoint each row is a card.
 */
export function SitesPanel() {
  const sites = useQuery(sitesQuery());
  const now = useNow();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [removing, setRemoving] = useState<Site | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="sites-title">Sites</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Each site keeps its own time zone: its people's days, lateness and holidays follow its clock.
          </p>
        </div>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add Site
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={sites} what="Sites" keepDataOnError>
          {(data) => (
            <Table
              caption="Sites"
              look="lined"
              stacked
              columns={[
                'Site',
                'Time zone',
                'Address',
                { label: 'Work week', className: 'whitespace-nowrap' },
                'Holds',
                { label: 'Actions', hidden: true },
              ]}
            >
              {data.map((site) => (
                <SiteRow
                  key={site.id}
                  site={site}
                  now={now}
                  onEdit={() => setEditing(site)}
                  onRemove={() => setRemoving(site)}
                />
              ))}
            </Table>
          )}
        </QueryState>
      </CardContent>
      {adding ? <SiteDialog onClose={() => setAdding(false)} /> : null}
      {editing ? <SiteDialog site={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? <RemoveSiteDialog site={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

const cell = 'md:py-3 md:pr-3';

function SiteRow({
  site,
  now,
  onEdit,
  onRemove,
}: {
  site: Site;
  now: Date;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { departments, people, devices, cameras } = site.counts;
  return (
    <tr
      data-testid="site-row"
      className="mb-3 grid gap-1 rounded-lg border border-slate-200 p-3 last:mb-0 md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0"
    >
      <th scope="row" className={`text-left align-top font-medium text-slate-900 ${cell}`}>
        <span className="break-words">{site.name}</span>
        {site.is_first ? (
          <Badge tone="info" className="ml-2 whitespace-nowrap align-middle md:mt-1 md:ml-0 md:flex md:w-fit">
            Organisation's own site
          </Badge>
        ) : null}
      </th>
      <td className={`align-top text-slate-700 ${cell}`}>
        <span className="block">{site.time_zone}</span>
        <span className="block text-xs text-slate-600 md:whitespace-nowrap">
          Today here: {siteNowText(site.time_zone, site.utc_offset, now)}
        </span>
      </td>
      <td className={`align-top break-words text-slate-700 ${cell}`}>
        <span className="md:hidden">Address: </span>
        {site.address ?? <span className="text-slate-500">No address</span>}
      </td>
      <td className={`align-top text-slate-700 ${cell}`}>
        <span className="md:hidden">Work week: </span>
        {daysText(site.work_week)}
      </td>
      <td className={`align-top text-slate-700 ${cell}`}>
        <span className="block whitespace-nowrap">
          {counted(departments, 'department')} · {counted(people, 'person', 'people')}
        </span>
        <span className="block whitespace-nowrap">
          {counted(devices, 'device')} · {counted(cameras, 'camera')}
        </span>
      </td>
      <td className="align-top md:py-3 md:text-right">
        <div className="mt-2 flex flex-wrap gap-2 md:mt-0 md:flex-nowrap md:justify-end">
          <Button variant="secondary" size="sm" aria-label={`Edit ${site.name}`} onClick={onEdit}>
            Edit
          </Button>
          {site.is_first ? null : (
            <Button variant="danger" size="sm" aria-label={`Remove ${site.name}`} onClick={onRemove}>
              Remove
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

function RemoveSiteDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const remove = useDeleteSite();
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title={`Remove ${site.name}?`}
      formId="remove-site-form"
      danger
      busy={remove.isPending}
      submitLabel={remove.isPending ? 'Removing...' : 'Remove'}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(site.id, {
          onSuccess: () => {
            toast.success('Site removed');
            onClose();
          },
        });
      }}
    >
      <p className="break-words text-sm text-slate-700">
        Only a site that nothing belongs to can go: move its departments, people, devices, doors and cameras
        to another site first. Its own public holidays go with it.
      </p>
      <FormAlert>
        {remove.isError ? errorMessage(remove.error, 'The site could not be removed') : null}
      </FormAlert>
    </FormDialog>
  );
}
