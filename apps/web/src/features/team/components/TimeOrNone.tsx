import { clockText } from '../lib/format';

/** A time on the organisation's clock, or a dash (read as "none") without one. */
export function TimeOrNone({ instant }: { instant: string | null }) {
  const text = clockText(instant);
  if (!instant || !text)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">none</span>
      </>
    );
  return <time dateTime={instant}>{text}</time>;
}
