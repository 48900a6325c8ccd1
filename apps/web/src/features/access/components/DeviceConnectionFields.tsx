import { FormField } from '@/components/ui/FormField';

const field =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-500';

interface Value {
  value: string;
  onChange: (value: string) => void;
}

/**
 * Where a device answers and the digest credentials Atrium uses: the add form (all required) and
 * the configure form (blank credentials stay unchanged) share them.
 */
export function DeviceConnectionFields({
  address,
  username,
  password,
  errors,
  required = false,
  unchanged = false,
}: {
  address: Value;
  username: Value;
  password: Value;
  errors: { address?: string; username?: string; password?: string };
  required?: boolean;
  /** Credentials are set: an empty field keeps them. */
  unchanged?: boolean;
}) {
  const placeholder = unchanged ? 'Unchanged' : '';
  return (
    <>
      <FormField
        label="Address"
        error={errors.address}
        hint={required ? 'Where the device answers, e.g. http://10.1.2.31' : undefined}
      >
        {(control) => (
          <input
            value={address.value}
            onChange={(e) => address.onChange(e.target.value)}
            placeholder="http://10.1.2.31"
            maxLength={200}
            inputMode="url"
            required={required}
            className={field}
            {...control}
          />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Username" error={errors.username}>
          {(control) => (
            <input
              value={username.value}
              onChange={(e) => username.onChange(e.target.value)}
              autoComplete="off"
              maxLength={64}
              placeholder={placeholder}
              required={required}
              className={field}
              {...control}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password}>
          {(control) => (
            <input
              type="password"
              value={password.value}
              onChange={(e) => password.onChange(e.target.value)}
              autoComplete="new-password"
              maxLength={128}
              placeholder={placeholder}
              required={required}
              className={field}
              {...control}
            />
          )}
        </FormField>
      </div>
    </>
  );
}
