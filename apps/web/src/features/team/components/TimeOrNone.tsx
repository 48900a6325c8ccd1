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

/** A row's check-in and check-out cells: labelled on a phone, where the table stacks as cards. */
export function InOutCells({ checkIn, checkOut }: { checkIn: string | null; checkOut: string | null }) {
  return (
    <>
      <td className="text-slate-700 md:px-4 md:py-3 md:whitespace-nowrap">
        <span className="md:hidden">In </span>
        <TimeOrNone instant={checkIn} />
      </td>
      <td className="text-right text-slate-700 md:px-4 md:py-3 md:text-left md:whitespace-nowrap">
        <span className="md:hidden">Out </span>
        <TimeOrNone instant={checkOut} />
      </td>
    </>
  );
}
