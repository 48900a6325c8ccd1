import type { Alert } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useSiteFilter } from '@/lib/site-filter';
import { activeAlertsQuery, alertCamerasQuery, devicesQuery } from '../api/access-api';
import { capitalise, formatWhen, SEVERITY_TONE, SOURCE_LABEL } from '../lib/format';
import { AcknowledgeDialog } from './AcknowledgeDialog';

/** Alerts nobody has acknowledged yet, newest first; each can be acknowledged with a note. */
export function ActiveAlerts() {
  const alerts = useQuery(activeAlertsQuery());
  const { siteId } = useSiteFilter();
  const devices = useQuery({ ...devicesQuery(), enabled: siteId !== null });
  const cameras = useQuery({ ...alertCamerasQuery(), enabled: siteId !== null });
  // The list has no site parameter: a chosen site's alerts are those of its devices and cameras,
  // as the server counts them for the Active Alerts figure.
  const codes =
    siteId === null
      ? null
      : new Set([
          ...(devices.data ?? []).filter((d) => d.site_id === siteId).map((d) => d.device_id),
          ...(cameras.data ?? []).filter((c) => c.site_id === siteId).map((c) => c.code),
        ]);
  const shown = (alerts.data ?? []).filter(
    (a) => codes === null || (a.device_id !== null && codes.has(a.device_id)),
  );
  const [acknowledging, setAcknowledging] = useState<Alert | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Security Alerts</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState
          query={alerts}
          what="Security alerts are"
          isEmpty={() => shown.length === 0}
          empty="No active alerts"
        >
          {() => (
            <ul className="space-y-2" aria-label="Active security alerts">
              {shown.map((alert) => (
                <li
                  key={alert.id}
                  data-testid="alert-item"
                  className="flex flex-col gap-2 rounded-lg border border-red-100 bg-red-50/60 p-3 sm:flex-row sm:items-center"
                >
                  <TriangleAlert
                    aria-hidden="true"
                    className="hidden size-5 shrink-0 text-red-600 sm:block"
                  />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={SEVERITY_TONE[alert.severity]}>{capitalise(alert.severity)}</Badge>
                      <Badge tone="info">{SOURCE_LABEL[alert.source]}</Badge>
                      <span className="font-medium break-words text-slate-900" data-testid="alert-message">
                        {alert.message}
                      </span>
                    </div>
                    <div className="mt-1 text-xs text-slate-600">
                      {alert.device_id ? `Device ${alert.device_id} · ` : ''}
                      <time dateTime={alert.timestamp}>{formatWhen(alert.timestamp)}</time>
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    className="self-end sm:self-auto"
                    onClick={() => setAcknowledging(alert)}
                    aria-label={`Acknowledge ${alert.message}`}
                  >
                    Acknowledge
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <AcknowledgeDialog
        key={acknowledging?.id}
        alert={acknowledging}
        onClose={() => setAcknowledging(null)}
      />
    </Card>
  );
}
