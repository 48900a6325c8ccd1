import type { AccessLog } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '@/components/ui/Button';
import { Detail } from '@/components/ui/Detail';
import { Dialog } from '@/components/ui/Dialog';
import { QueryState } from '@/components/ui/QueryState';
import { cameraSnapshotQuery, eventPictureQuery } from '../api/access-api';
import { capitalise, formatWhen, personName } from '../lib/format';
import { LogBadge } from './LogBadge';
import { VideoButton } from './LogsTable';

/**
 * One passage in full, with the picture the terminal took when it sent one and the picture of
 * that moment from the camera watching the door.
 */
export function LogDetailsDialog({ log, onClose }: { log: AccessLog; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title="Access event details"
      footer={
        <>
          <VideoButton log={log} />
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
          <Detail label="User">{personName(log)}</Detail>
          <Detail label="Department">{log.department_name ?? 'N/A'}</Detail>
          <Detail label="Action">
            <LogBadge log={log} />
          </Detail>
          <Detail label="Access point">{log.access_point}</Detail>
          <Detail label="Device ID">
            <span className="font-mono">{log.device_id}</span>
          </Detail>
          <Detail label="Timestamp">{formatWhen(log.timestamp)}</Detail>
          <Detail label="Card number">{log.card_no ?? '—'}</Detail>
          <Detail label="Verified by">{log.verify_mode ? capitalise(log.verify_mode) : '—'}</Detail>
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <figure className="min-w-0 space-y-1">
            <figcaption className="text-xs text-slate-500">Terminal picture</figcaption>
            {log.has_picture ? (
              <Picture log={log} />
            ) : (
              <p className="text-slate-600">No picture with this event</p>
            )}
          </figure>
          {log.camera_id !== null ? (
            <figure className="min-w-0 space-y-1">
              <figcaption className="text-xs text-slate-500">Camera at that moment</figcaption>
              <CameraSnapshot log={log} />
            </figure>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

function Picture({ log }: { log: AccessLog }) {
  const picture = useQuery(eventPictureQuery(log.id));
  const url = picture.data;
  // The object URL holds the image in memory until revoked.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <QueryState
      query={picture}
      what="The picture is"
      loading="Loading picture..."
      loadingClassName="justify-start"
    >
      {(src) => (
        <img
          src={src}
          alt={`${personName(log)} at ${log.device_id}, ${formatWhen(log.timestamp)}`}
          className="max-h-72 rounded-lg border border-slate-200 object-contain"
          data-testid="event-picture"
        />
      )}
    </QueryState>
  );
}

function CameraSnapshot({ log }: { log: AccessLog }) {
  const snapshot = useQuery(cameraSnapshotQuery(log.id));
  const url = snapshot.data;
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <QueryState
      query={snapshot}
      what="The camera snapshot is"
      loading="Loading snapshot..."
      loadingClassName="justify-start"
      isEmpty={(src) => src === null}
      empty={<p className="text-slate-600">No camera snapshot of this moment</p>}
    >
      {(src) => (
        <img
          src={src ?? undefined}
          alt={`Camera view of ${log.access_point}, ${formatWhen(log.timestamp)}`}
          className="w-full max-h-72 rounded-lg border border-slate-200 object-contain"
          data-testid="camera-snapshot"
        />
      )}
    </QueryState>
  );
}
