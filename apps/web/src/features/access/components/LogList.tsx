import type { AccessLog } from '@atrium/contract';
import { Ban, LogIn, LogOut } from 'lucide-react';
import { organisationClock } from '@/lib/org-time';
import { formatWhen, logOutcome, personName } from '../lib/format';
import { LogBadge } from './LogBadge';

/**
 * Passages as a compact list that reads the same on a phone and a desk: action, access point,
 * device and time; with `showPerson`, who it was (the administrator's recent activity).
 */
export function LogList({
  logs,
  label,
  showPerson = false,
  timeOnly = false,
  testId = 'access-log-item',
}: {
  logs: AccessLog[];
  label: string;
  showPerson?: boolean;
  /** Under a day heading the date would repeat, so only the time is shown. */
  timeOnly?: boolean;
  testId?: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {logs.map((log) => {
        const outcome = logOutcome(log);
        const Icon = outcome === 'entry' ? LogIn : outcome === 'exit' ? LogOut : Ban;
        return (
          <li key={log.id} className="flex items-start gap-3 py-2.5 text-sm" data-testid={testId}>
            <Icon
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 ${outcome === 'entry' ? 'text-green-600' : outcome === 'exit' ? 'text-slate-500' : 'text-red-600'}`}
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {showPerson ? <span className="font-medium text-slate-900">{personName(log)}</span> : null}
                <LogBadge log={log} />
                <span className="text-slate-800">{log.access_point}</span>
              </div>
              <div className="mt-0.5 text-xs text-slate-500">Device {log.device_id}</div>
            </div>
            <time dateTime={log.timestamp} className="shrink-0 text-xs text-slate-600 sm:text-sm">
              {timeOnly ? organisationClock(log.timestamp) : formatWhen(log.timestamp)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
