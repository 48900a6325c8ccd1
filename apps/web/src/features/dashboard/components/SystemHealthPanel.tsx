import { Badge } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { QueryState } from '@/components/ui/QueryState';
import { useSystemHealth } from '../api/dashboard-api';
import { humanDuration } from '../duration';

const TONE = { healthy: 'success', warning: 'warning', down: 'danger', unknown: 'neutral' } as const;
const LABEL = { healthy: 'Healthy', warning: 'Warning', down: 'Down', unknown: 'Not measured' } as const;

/** Only what the server measured: one row per service with what was measured, and its uptime. */
export function SystemHealthPanel() {
  const health = useSystemHealth();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Health</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={health} what="System health is">
          {({ checks, uptime }) => (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="system-health">
              {checks.map((check) => (
                <li
                  key={check.service}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2"
                  data-testid={`health-${check.service}`}
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-800">{check.label}</span>
                    <span className="block text-xs text-slate-600">{check.detail}</span>
                  </span>
                  <Badge tone={TONE[check.state]}>{LABEL[check.state]}</Badge>
                </li>
              ))}
              <li className="flex items-center justify-between gap-3 py-2">
                <span className="font-medium text-slate-800">Uptime</span>
                <time className="text-slate-600" dateTime={`PT${Math.floor(uptime)}S`}>
                  {humanDuration(uptime)}
                </time>
              </li>
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
