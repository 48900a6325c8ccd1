import type { MailKind, MailStatus, OutboxMessage } from '@atrium/contract';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { useOutbox } from '../api/outbox-api';

const KIND: Record<MailKind, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  leave_submitted: 'Leave submitted',
  leave_decided: 'Leave decided',
  leave_escalated: 'Leave escalated',
  device_offline: 'Device offline',
  door_forced_open: 'Door forced open',
};

const STATUS: Record<MailStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  retrying: { label: 'Retrying', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Organisation > Outbox: every message Atrium wrote, newest first, with whether it went. Without
 * an SMTP server nothing is sent, and this list is where an administrator reads what would have.
 */
export function OutboxPanel() {
  const outbox = useOutbox();
  const smtp = outbox.data?.pages[0]?.smtp_configured;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {smtp === false
            ? 'No SMTP server is configured (SMTP_URL): messages are kept here and not sent.'
            : 'Messages Atrium sends: invitations, password resets and leave requests and decisions.'}
        </p>
      </CardHeader>
      <CardContent>
        <QueryState
          query={outbox}
          what="Outbox"
          keepDataOnError
          isEmpty={(data) => data.pages.every((p) => p.messages.length === 0)}
          empty="No messages yet."
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100">
                {data.pages.flatMap((page) =>
                  page.messages.map((message) => <OutboxRow key={message.id} message={message} />),
                )}
              </ul>
              <LoadMore pages={outbox} what="Older messages are" label="Show more" />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function OutboxRow({ message }: { message: OutboxMessage }) {
  const [open, setOpen] = useState(false);
  const status = STATUS[message.status];
  const bodyId = `outbox-body-${message.id}`;
  return (
    <li className="py-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        className="-mx-2 flex w-[calc(100%+1rem)] flex-col gap-1 rounded-md px-2 py-1 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:flex-row sm:items-center sm:gap-3"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">{message.subject}</span>
          <span className="block truncate text-sm text-slate-600">
            To {message.to} · {KIND[message.kind]}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
          <Badge tone={status.tone}>{status.label}</Badge>
          <time dateTime={message.created_at}>{when(message.created_at)}</time>
        </span>
      </button>
      {open ? (
        <div id={bodyId} className="mt-2 rounded-lg bg-slate-50 p-3">
          {message.last_error ? (
            <p className="mb-2 text-sm text-red-700">
              Last attempt ({message.attempts}): {message.last_error}
            </p>
          ) : null}
          <pre className="whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
            {message.text}
          </pre>
        </div>
      ) : null}
    </li>
  );
}
