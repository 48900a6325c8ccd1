import { type ApiToken, type ApiTokenStatus, TOKEN_SCOPES } from '@atrium/contract';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { FormDialog } from '@/components/ui/FormDialog';
import { LoadMore } from '@/components/ui/LoadMore';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { instantText } from '@/lib/dates';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens-api';
import { CreateTokenDialog } from './CreateTokenDialog';

const STATUS: Record<ApiTokenStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

const SCOPE_LABEL = new Map<string, string>(TOKEN_SCOPES.map((s) => [s.action, s.label]));

/**
 * Organisation > API Tokens: the credentials other systems call Atrium with, newest first. A
 * token's secret is shown once, when it is made; here only its first characters, to tell it by.
 */
export function ApiTokensPanel() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="api-tokens-title">API Tokens</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            Other systems send a token as{' '}
            <code className="font-mono text-xs">Authorization: Bearer atr_…</code>. Each may do only its
            scopes, for the whole organisation, until it expires or is revoked.
          </p>
        </div>
        <Button size="sm" onClick={() => setCreating(true)}>
          Create Token
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={tokens}
          what="API tokens"
          keepDataOnError
          isEmpty={(data) => data.pages.every((p) => p.tokens.length === 0)}
          empty="No API tokens yet."
        >
          {(data) => (
            <>
              <ul aria-labelledby="api-tokens-title" className="divide-y divide-slate-100">
                {data.pages.flatMap((page) =>
                  page.tokens.map((token) => (
                    <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
                  )),
                )}
              </ul>
              <LoadMore pages={tokens} what="More tokens are" />
            </>
          )}
        </QueryState>
      </CardContent>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const status = STATUS[token.status];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-slate-900">{token.name}</span>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
            {token.prefix}…
          </code>
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="text-sm text-slate-700">
          {token.scopes.map((scope) => SCOPE_LABEL.get(scope) ?? scope).join(' · ')}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
          <dt>Created</dt>
          <dd>
            <time dateTime={token.created_at}>{instantText(token.created_at)}</time>
            {token.created_by ? ` by ${token.created_by.name}` : ''}
          </dd>
          <dt>{token.status === 'expired' ? 'Expired' : 'Expires'}</dt>
          <dd>
            <time dateTime={token.expires_at}>{instantText(token.expires_at)}</time>
          </dd>
          <dt>Last used</dt>
          <dd>
            {token.last_used_at ? (
              <>
                <time dateTime={token.last_used_at}>{instantText(token.last_used_at)}</time>
                {token.last_used_ip ? ` from ${token.last_used_ip}` : ''}
              </>
            ) : (
              'Never'
            )}
          </dd>
          {token.revoked_at ? (
            <>
              <dt>Revoked</dt>
              <dd>
                <time dateTime={token.revoked_at}>{instantText(token.revoked_at)}</time>
                {token.revokedBy ? ` by ${token.revokedBy.name}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      {token.status === 'active' ? (
        <Button
          variant="danger"
          size="sm"
          className="self-start"
          onClick={onRevoke}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      ) : null}
    </li>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  const toast = useToast();
  return (
    <FormDialog
      onClose={onClose}
      title={`Revoke ${token.name}?`}
      formId="revoke-api-token-form"
      danger
      busy={revoke.isPending}
      submitLabel={revoke.isPending ? 'Revoking...' : 'Revoke Token'}
      onSubmit={(e) => {
        e.preventDefault();
        revoke.mutate(token.id, {
          onSuccess: () => {
            toast.success(`${token.name} revoked`);
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error, 'Failed to revoke the token')),
        });
      }}
    >
      <p className="text-sm text-slate-700">
        Every request with <code className="font-mono text-xs">{token.prefix}…</code> is refused from now on.
        This cannot be undone: the system using it needs a new token.
      </p>
    </FormDialog>
  );
}
