const UNITS: [name: string, seconds: number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * A span of seconds as a person says it, to its two largest units: 2216 is "36 minutes 56
 * seconds", 93784 is "1 day 2 hours". The API keeps plain seconds; this is for reading.
 */
export function humanDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const counted = (i: number, rest: number) => {
    const [name, size] = UNITS[i]!;
    const count = Math.floor(rest / size);
    return { count, rest: rest - count * size, text: `${count} ${name}${count === 1 ? '' : 's'}` };
  };
  const largest = UNITS.findIndex(([, size]) => seconds >= size);
  if (largest === -1) return '0 seconds';
  const first = counted(largest, seconds);
  if (largest === UNITS.length - 1) return first.text;
  const second = counted(largest + 1, first.rest);
  return second.count > 0 ? `${first.text} ${second.text}` : first.text;
}
