import { Activity, Cpu, Gauge, MemoryStick } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Unavailable } from '@/components/ui/Unavailable';
import { organisationClock } from '@/lib/org-time';
import { useSocket } from '@/lib/socket-context';
import { usePerformanceMetrics } from '../api/dashboard-api';
import { describeLive, type FeedItem } from './live-feed';

/** Live feed cap (spec section 9). */
const FEED_CAP = 10;

function LiveActivityFeed() {
  const { subscribe } = useSocket();
  const [items, setItems] = useState<FeedItem[]>([]);
  const seq = useRef(0);
  useEffect(
    () =>
      subscribe('*', (message) => {
        const line = describeLive(message, new Date());
        if (!line) return;
        seq.current += 1;
        const item = { ...line, key: `${seq.current}` };
        setItems((current) => [item, ...current].slice(0, FEED_CAP));
      }),
    [subscribe],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity aria-hidden="true" className="size-4" /> Live Activity Feed
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">Waiting for live events...</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm" aria-live="polite" data-testid="live-feed">
            {items.map((item) => (
              <li key={item.key} className="flex items-start justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
                    {item.kind}
                  </span>
                  <span className="break-words text-slate-800">{item.text}</span>
                </span>
                <time className="shrink-0 text-xs text-slate-600" dateTime={item.at}>
                  {organisationClock(item.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function Metric({
  title,
  value,
  detail,
  icon: Icon,
}: {
  title: string;
  value: string;
  detail: string;
  icon: typeof Cpu;
}) {
  return (
    <Card>
      <CardContent className="space-y-1 p-4">
        <h3 className="flex items-center gap-2 text-sm font-medium text-slate-600">
          <Icon aria-hidden="true" className="size-4" /> {title}
        </h3>
        <p className="text-2xl font-semibold text-slate-900" data-testid={`metric-${title}`}>
          {value}
        </p>
        <p className="text-xs text-slate-600">{detail}</p>
      </CardContent>
    </Card>
  );
}

/** Monitoring: live events as they arrive and this server's own figures, refreshed every few seconds. */
export function MonitoringPanel() {
  const metrics = usePerformanceMetrics();
  const m = metrics.data;
  return (
    <div className="space-y-6">
      {metrics.isError && !m ? (
        <Unavailable what="Server figures are" onRetry={() => void metrics.refetch()} />
      ) : (
        <section aria-label="Server performance" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Metric
            title="Response Time"
            icon={Gauge}
            value={m ? (m.responseTime === null ? 'No requests' : `${m.responseTime}ms`) : '...'}
            detail={m ? `Median of ${m.requestsLastMinute} API requests, last minute` : 'Measuring'}
          />
          <Metric
            title="CPU Usage"
            icon={Cpu}
            value={m ? `${m.cpuUsage}%` : '...'}
            detail="This server process, all cores"
          />
          <Metric
            title="Memory Usage"
            icon={MemoryStick}
            value={m ? `${m.memoryUsage}%` : '...'}
            detail={m ? `${m.memoryRssMb} MB resident of the machine's memory` : 'Measuring'}
          />
        </section>
      )}
      <LiveActivityFeed />
    </div>
  );
}
