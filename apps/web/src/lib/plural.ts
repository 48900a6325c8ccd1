/** A count with its noun, singular for one: "1 row", "3 rows"; "1 person", "2 people" with the plural given. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? singular : plural}`;
}
