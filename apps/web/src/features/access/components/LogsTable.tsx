import type { AccessLog } from '@atrium/contract';
import { Video } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Table } from '@/components/ui/Table';
import { formatWhen, logOutcome, personName } from '../lib/format';
import { LogBadge } from './LogBadge';

/**
 * The access log table; below the md breakpoint each row becomes a card (same cells, stacked),
 * so a phone never scrolls sideways.
 */
export function LogsTable({ rows, onView }: { rows: AccessLog[]; onView: (log: AccessLog) => void }) {
  return (
    <Table
      caption="Access logs, newest first"
      framed
      stacked
      columns={[
        'User',
        'Action',
        'Access Point',
        'Device ID',
        'Timestamp',
        { label: 'Actions', hidden: true },
      ]}
    >
      {rows.map((log) => {
        const name = personName(log);
        return (
          <tr
            key={log.id}
            data-testid="access-log-row"
            className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 md:table-row md:px-0 md:py-0"
          >
            <td className="md:px-4 md:py-3">
              <div className="font-medium text-slate-900">{name}</div>
              {log.department_name ? (
                <div className="text-xs text-slate-500">{log.department_name}</div>
              ) : null}
            </td>
            <td className="text-right md:px-4 md:py-3 md:text-left">
              <LogBadge log={log} />
            </td>
            <td className="text-slate-700 md:px-4 md:py-3">{log.access_point}</td>
            <td className="text-right font-mono text-xs text-slate-600 md:px-4 md:py-3 md:text-left">
              <span className="sr-only md:hidden">Device </span>
              {log.device_id}
            </td>
            <td className="col-span-2 text-slate-700 md:col-span-1 md:px-4 md:py-3 md:whitespace-nowrap">
              <time dateTime={log.timestamp}>{formatWhen(log.timestamp)}</time>
            </td>
            <td className="col-span-2 md:col-span-1 md:px-4 md:py-3">
              <div className="flex flex-wrap justify-end gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onView(log)}
                  aria-label={`View Details of ${name} ${logOutcome(log)} at ${log.access_point}`}
                >
                  View Details
                </Button>
                <VideoButton log={log} />
              </div>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/**
 * Playback of the door's camera at the passage: the video page opens it at the event time
 * minus 10 s. Without a linked camera the button says so and stays disabled.
 */
export function VideoButton({ log }: { log: AccessLog }) {
  const camera = log.camera_id;
  if (camera === null)
    return (
      <Button size="sm" variant="ghost" disabled title="No camera linked">
        <Video aria-hidden="true" className="size-4" />
        Video
        <span className="text-xs font-normal text-slate-500">No camera linked</span>
      </Button>
    );
  return (
    <Link
      to={`/video?camera=${camera}&at=${encodeURIComponent(log.timestamp)}`}
      className={buttonClasses('ghost', 'sm')}
      aria-label={`Video of ${personName(log)} ${logOutcome(log)} at ${log.access_point}`}
    >
      <Video aria-hidden="true" className="size-4" />
      Video
    </Link>
  );
}
