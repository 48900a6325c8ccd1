import type { SsoSettings, UpdateSsoSettingsRequest } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-classes';
import { QueryState } from '@/components/ui/QueryState';
import { useToast } from '@/components/ui/toast-context';
import { errorMessage } from '@/lib/api';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { ssoQueries, useSaveSso } from '../api/sso-api';
import { parseGroupRoles, showGroupRoles } from '../lib/group-roles';

const LABELS = {
  display_name: 'Button name',
  issuer: 'Issuer URL',
  client_id: 'Client ID',
  client_secret: 'Client secret',
  allowed_domains: 'Allowed email domains',
  group_claim: 'Group claim',
  group_roles: 'Groups and roles',
};
type Errors = FieldErrors<keyof typeof LABELS>;

/** Single sign-on with the organisation's identity provider (OpenID Connect), in Settings. */
export function SingleSignOnPanel() {
  const settings = useQuery(ssoQueries.settings());
  return (
    <QueryState query={settings} what="Single sign-on" loading="Loading single sign-on">
      {(saved) => <SsoForm key={JSON.stringify(saved)} saved={saved} />}
    </QueryState>
  );
}

function SsoForm({ saved }: { saved: SsoSettings }) {
  const [v, setV] = useState({
    ...saved,
    client_secret: '',
    domains: saved.allowed_domains.join(', '),
    roles: showGroupRoles(saved.group_roles),
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSso();
  const toast = useToast();
  const locked = saved.from_environment;
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const roles = parseGroupRoles(v.roles);
    if (!roles.ok) {
      setErrors({ group_roles: roles.error });
      return;
    }
    const body: UpdateSsoSettingsRequest = {
      enabled: v.enabled,
      display_name: v.display_name,
      issuer: v.issuer.trim(),
      client_id: v.client_id,
      ...(v.client_secret ? { client_secret: v.client_secret } : {}),
      allowed_domains: v.domains
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
      group_claim: v.group_claim,
      group_roles: roles.value,
      link_by_email: v.link_by_email,
      password_login: v.password_login,
    };
    setErrors({});
    save.mutate(body, {
      onSuccess: () => toast.success('Single sign-on saved'),
      onError: (error) => {
        setErrors(serverFieldErrors(error, LABELS));
        toast.error(errorMessage(error, 'Failed to save single sign-on'));
      },
    });
  };

  const text = (
    key: 'display_name' | 'issuer' | 'client_id' | 'group_claim',
    hint?: string,
    type = 'text',
  ) => (
    <FormField label={LABELS[key]} error={errors[key]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          disabled={locked}
          className={`mt-1 ${inputClasses}`}
          value={v[key]}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <Card className="mt-6 max-w-2xl p-4 sm:p-6">
      <h2 className="font-semibold text-lg text-slate-900">Single sign-on</h2>
      <p className="mt-1 text-slate-600 text-sm">
        People sign in with your identity provider (Entra ID, Okta, Google, Keycloak) over OpenID Connect.
        Register Atrium there with this redirect URI:
      </p>
      <dl className="mt-3 grid gap-2 text-sm">
        <div>
          <dt className="font-medium text-slate-700">Redirect URI</dt>
          <dd className="break-all font-mono text-slate-900">{saved.redirect_uri}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Back-channel logout URI</dt>
          <dd className="break-all font-mono text-slate-900">{saved.backchannel_logout_uri}</dd>
        </div>
      </dl>
      {locked ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
          Set by the server's environment (OIDC_ variables): change it there.
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-5 grid gap-5">
        <label className="flex items-center gap-3 text-sm">
          <Checkbox
            checked={v.enabled}
            disabled={locked}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          Offer single sign-on on the login page
        </label>
        {text('display_name', 'The button says "Sign in with" and this name.')}
        {text('issuer', 'For example https://login.example.com/realms/staff')}
        {text('client_id')}
        <FormField
          label="Client secret"
          error={errors.client_secret}
          hint={
            saved.has_client_secret ? 'Stored encrypted; type a new one to replace it.' : 'Stored encrypted.'
          }
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              disabled={locked}
              className={`mt-1 ${inputClasses}`}
              value={v.client_secret}
              onChange={(e) => set({ client_secret: e.target.value })}
            />
          )}
        </FormField>
        <FormField
          label="Allowed email domains"
          error={errors.allowed_domains}
          hint="People with a verified email here get an account at their first sign-in. Separate with commas."
        >
          {(control) => (
            <input
              {...control}
              disabled={locked}
              className={`mt-1 ${inputClasses}`}
              value={v.domains}
              onChange={(e) => set({ domains: e.target.value })}
            />
          )}
        </FormField>
        {text('group_claim', 'The claim that lists a person’s groups, often "groups".')}
        <FormField
          label="Groups and roles"
          error={errors.group_roles}
          hint='One per line, "group = admin", "group = manager" or "group = staff": checked at every sign-in.'
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              disabled={locked}
              className={`mt-1 font-mono ${inputClasses}`}
              value={v.roles}
              onChange={(e) => set({ roles: e.target.value })}
            />
          )}
        </FormField>
        <label className="flex items-center gap-3 text-sm">
          <Checkbox
            checked={v.link_by_email}
            disabled={locked}
            onChange={(e) => set({ link_by_email: e.target.checked })}
          />
          Link an existing account by its verified email at the first sign-in
        </label>
        <label className="flex items-center gap-3 text-sm">
          <Checkbox
            checked={v.password_login}
            disabled={locked}
            onChange={(e) => set({ password_login: e.target.checked })}
          />
          Let people sign in with a password too (administrators always can)
        </label>
        <div>
          <Button type="submit" disabled={save.isPending || locked}>
            {save.isPending ? 'Saving...' : 'Save single sign-on'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
