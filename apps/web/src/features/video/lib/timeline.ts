/** Position of an instant within a day, as a percentage of its width. */
export function dayPercent(instant: string | Date, dayStart: Date, dayEnd: Date): number {
  const t = new Date(instant).getTime();
  const span = dayEnd.getTime() - dayStart.getTime();
  return Math.min(100, Math.max(0, ((t - dayStart.getTime()) / span) * 100));
}

/** The instant at a percentage of the day's width. */
export function instantAt(percent: number, dayStart: Date, dayEnd: Date): Date {
  return new Date(dayStart.getTime() + ((dayEnd.getTime() - dayStart.getTime()) * percent) / 100);
}

/** The recorded span holding `at`, or the first one starting after it. */
export function spanFrom(
  spans: { from: string; to: string }[],
  at: Date,
): { from: string; to: string } | undefined {
  return (
    spans.find((s) => new Date(s.from) <= at && new Date(s.to) > at) ??
    spans.find((s) => new Date(s.from) > at)
  );
}
