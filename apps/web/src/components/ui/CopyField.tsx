import { useRef, useState } from 'react';
import { Button } from './Button';
import { inputClasses } from './input-classes';

/**
 * A value shown once for the administrator to take away (a one-time link, an API token, a
 * signing secret): read-only, selected on focus, with Copy and a spoken outcome. Without
 * clipboard access (an insecure origin) the text is left selected, ready for Ctrl+C.
 */
export function CopyField({
  id,
  label,
  value,
  noun,
}: {
  id: string;
  label: string;
  value: string;
  /** What the value is, in the outcome: "Link copied.", "copy the selected link". */
  noun: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('failed');
    }
  };
  const outcome =
    copied === 'yes'
      ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} copied.`
      : copied === 'failed'
        ? `Copy failed: press Ctrl+C to copy the selected ${noun}.`
        : '';
  return (
    <>
      <label htmlFor={id} className="block font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <textarea
          id={id}
          ref={field}
          readOnly
          rows={2}
          value={value}
          onFocus={(e) => e.target.select()}
          className={`resize-none font-mono text-xs break-all ${inputClasses}`}
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
          Copy
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-600">
        {outcome}
      </p>
    </>
  );
}
