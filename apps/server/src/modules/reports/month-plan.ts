import { addDays, inclusiveDays, monthRange } from '@atrium/contract/calendar';

export interface DaySpan {
  from: string;
  to: string;
  /** +1 adds the span's records to the rollup months, -1 takes them away. */
  sign: 1 | -1;
}

export interface MonthPlan {
  /** First day of every month the range touches. */
  months: string[];
  /** Months whose worked time comes from the rollup (corrected by the spans outside the range). */
  rollupMonths: string[];
  /** Raw records to add or take away so the worked time covers exactly the range. */
  spans: DaySpan[];
}

/**
 * How to total worked time over an inclusive range: a month the range covers comes from the
 * person-month rollup; a partial month reads whichever is cheaper, the raw records of its days
 * inside the range, or the rollup less the raw records of its days outside. A day after `today`
 * costs nothing to read (it has no records yet), so the month in progress is a rollup read.
 */
export function monthPlan(startDate: string, endDate: string, today: string): MonthPlan {
  const plan: MonthPlan = { months: [], rollupMonths: [], spans: [] };
  const cost = (from: string, to: string) =>
    to < from ? 0 : Math.max(0, inclusiveDays(from, min(to, today)));
  for (let month = startDate.slice(0, 7); month <= endDate.slice(0, 7); month = nextMonth(month)) {
    const { start, end } = monthRange(month);
    plan.months.push(start);
    const from = max(start, startDate);
    const to = min(end, endDate);
    const outside = cost(start, addDays(from, -1)) + cost(addDays(to, 1), end);
    if (from === start && to === end) {
      plan.rollupMonths.push(start);
    } else if (outside < cost(from, to)) {
      plan.rollupMonths.push(start);
      if (start < from) plan.spans.push({ from: start, to: addDays(from, -1), sign: -1 });
      if (to < end) plan.spans.push({ from: addDays(to, 1), to: end, sign: -1 });
    } else {
      plan.spans.push({ from, to, sign: 1 });
    }
  }
  return plan;
}

const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
