/** The required reason every correction or deletion carries into the audit log. */
export function ReasonField({
  value,
  onChange,
  rows = 3,
}: {
  value: string;
  onChange: (reason: string) => void;
  rows?: number;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      Reason
      <textarea
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        maxLength={500}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
    </label>
  );
}
