import { Badge } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { Unavailable } from '@/components/ui/Unavailable';
import { useSystemHealth } from '../api/dashboard-api';

const SERVICE_NAMES: Record<string, string> = { api: 'API server', database: 'Database' };
const TONE = { healthy: 'success', warning: 'warning', down: 'danger' } as const;
const LABEL = { healthy: 'Online', warning: 'Slow', down: 'Offline' } as const;

/** Only what the server measured: its services and its uptime. */
export function SystemHealthPanel() {
  const health = useSystemHealth();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Health</CardTitle>
      </CardHeader>
      <CardContent>
        {health.isError ? (
          <Unavailable what="System health is" onRetry={() => void health.refetch()} />
        ) : !health.data ? (
          <Spinner />
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="system-health">
            {Object.entries(health.data.services).map(([name, state]) => (
              <li key={name} className="flex items-center justify-between gap-3 py-2">
                <span className="text-slate-800">{SERVICE_NAMES[name] ?? name}</span>
                <span className="flex items-center gap-2">
                  {name === 'database' && health.data.databaseLatencyMs !== null ? (
                    <span className="text-slate-500">{health.data.databaseLatencyMs} ms</span>
                  ) : null}
                  <Badge tone={TONE[state]}>{LABEL[state]}</Badge>
                </span>
              </li>
            ))}
            <li className="flex items-center justify-between gap-3 py-2">
              <span className="text-slate-800">Uptime</span>
              <span className="text-slate-600">{health.data.uptime} seconds</span>
            </li>
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
