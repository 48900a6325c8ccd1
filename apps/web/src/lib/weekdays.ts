/** ISO weekday n (1 = Monday) is WEEKDAYS[n - 1]. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Mon–Fri", "Mon, Wed, Sat": runs of three or more consecutive days shortened. */
export function daysText(workdays: number[]): string {
  const runs: number[][] = [];
  for (const day of [...workdays].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const short = (day: number) => WEEKDAYS[day - 1]!.slice(0, 3);
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${short(run[0]!)}–${short(run.at(-1)!)}`] : run.map(short)))
    .join(', ');
}
