import type { Camera } from '@atrium/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Dialog } from '@/components/ui/Dialog';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { useDeleteCamera } from '../api/video-api';
import { CameraForm } from './CameraForm';

/** The cameras as administrators configure them: add, edit, delete (with its recordings). */
export function CameraManager({ cameras }: { cameras: Camera[] }) {
  const toast = useToast();
  const remove = useDeleteCamera();
  const [editing, setEditing] = useState<Camera | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Camera | null>(null);
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle>Camera Management</CardTitle>
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Add camera
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {cameras.map((c) => (
            <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {c.name} <span className="text-xs font-normal text-slate-500">{c.code}</span>
                </p>
                <p className="truncate text-xs text-slate-600">
                  {c.stream_url}
                  {c.access_point_name ? ` · ${c.access_point_name}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {!c.enabled ? <Badge>Disabled</Badge> : null}
                {c.recording_paused ? <Badge tone="warning">Recording paused</Badge> : null}
                <Badge tone={c.status === 'online' ? 'success' : 'danger'}>
                  {c.status === 'online' ? 'Online' : 'Offline'}
                </Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing(c)}
                  aria-label={`Edit ${c.name}`}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(c)}
                  aria-label={`Delete ${c.name}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      {editing ? (
        <CameraForm camera={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <Dialog
          open
          onClose={() => setDeleting(null)}
          title={`Delete ${deleting.name}?`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      toast.success('Camera deleted');
                      setDeleting(null);
                    },
                    onError: (e) => toast.error(errorMessage(e, 'Failed to delete the camera')),
                  })
                }
              >
                Delete
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">Its recordings and events are deleted with it.</p>
        </Dialog>
      ) : null}
    </Card>
  );
}
