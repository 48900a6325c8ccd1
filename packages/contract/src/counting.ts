import { z } from 'zod';
import { CalendarDate, IdParam } from './common';
import { endpoint } from './endpoint';

/** Direction and size (percent, one decimal) of a change against the previous period. */
export const Trend = z.object({
  direction: z.enum(['up', 'down', 'neutral']),
  value: z.number(),
});
export type Trend = z.infer<typeof Trend>;

export const PeopleAnalyticsQuery = z.object({
  startDate: CalendarDate.optional(),
  endDate: CalendarDate.optional(),
  /** A counting device (devices.id); all counters when absent. */
  deviceId: IdParam.optional(),
  /** The counters of this site, its dates its local days (its today by default). */
  siteId: IdParam.optional(),
});
export type PeopleAnalyticsQuery = z.infer<typeof PeopleAnalyticsQuery>;

export const TrafficDay = z.object({
  /** The local date (the chosen site's, else the organisation's), YYYY-MM-DD. */
  day: z.string(),
  entries: z.number().int(),
  passby: z.number().int(),
  /** entries / (entries + passby), percent with one decimal; 0 when nobody came by. */
  walkInRate: z.number(),
  exits: z.number().int(),
});
export type TrafficDay = z.infer<typeof TrafficDay>;

export const PeopleAnalyticsReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  /** The zone the dates are local to: the chosen site's, else the organisation's. */
  timeZone: z.string(),
  summary: z.object({
    totalEntries: z.number().int(),
    totalPassby: z.number().int(),
    totalExits: z.number().int(),
    /** entries / (entries + passby), percent. */
    walkInRate: z.number(),
    /** entries / passby, percent, as the specification words it; 0 without passby. */
    conversionRate: z.number(),
  }),
  /** Against the previous period of the same length (see comparedWith). */
  trends: z.object({ entriesChange: Trend, walkInRateChange: Trend }),
  /**
   * Today's date when the range holds it, else null. Today is not over: its row holds the counts
   * so far, and the trends then compare like with like (see comparedWith).
   */
  partialDay: z.string().nullable(),
  /**
   * What the trends compare with: the period of the same length just before, from startDate to
   * endDate. When the range holds today, the previous period is cut at the same time of day
   * (until, the organisation's 'HH:MM') on the day as far back as today is, endDate.
   */
  comparedWith: z.object({ startDate: z.string(), endDate: z.string(), until: z.string().nullable() }),
  chartData: z.array(TrafficDay),
});
export type PeopleAnalyticsReport = z.infer<typeof PeopleAnalyticsReport>;

export const PeopleAnalyticsResponse = z.object({
  data: z.object({ reportData: PeopleAnalyticsReport }),
});
export type PeopleAnalyticsResponse = z.infer<typeof PeopleAnalyticsResponse>;

export const CountingHourlyQuery = z.object({
  date: CalendarDate.optional(),
  deviceId: IdParam.optional(),
  /** The counters of this site, on its clock (its today by default). */
  siteId: IdParam.optional(),
});
export const CountingHourlyResponse = z.object({
  date: z.string(),
  /** The zone the date and its hours are of: the chosen site's, else the organisation's. */
  timeZone: z.string(),
  hours: z.array(
    z.object({
      /** Local hour of day, 0-23. */
      hour: z.number().int(),
      entries: z.number().int(),
      exits: z.number().int(),
      passby: z.number().int(),
    }),
  ),
});
export type CountingHourlyResponse = z.infer<typeof CountingHourlyResponse>;

export const Counter = z.object({
  id: z.number().int(),
  device_id: z.string(),
  name: z.string(),
  location: z.string(),
  status: z.enum(['online', 'offline', 'maintenance']),
  last_seen_at: z.string().nullable(),
  /** The site (building) whose entrance it counts. */
  site_id: z.number().int(),
  site: z.string(),
});
export type Counter = z.infer<typeof Counter>;
export const CountersResponse = z.object({ counters: z.array(Counter) });
export type CountersResponse = z.infer<typeof CountersResponse>;

export const countingApi = {
  peopleAnalyticsReport: endpoint({
    method: 'GET',
    path: '/dashboard/people-analytics-report',
    audience: 'admin',
    summary: 'Foot traffic over a range (default: the last 7 days) with trends against the period before',
    query: PeopleAnalyticsQuery,
    response: PeopleAnalyticsResponse,
  }),
  hourly: endpoint({
    method: 'GET',
    path: '/counting/hourly',
    audience: 'admin',
    summary: 'Entries, exits and passby by hour of one day (default: today)',
    query: CountingHourlyQuery,
    response: CountingHourlyResponse,
  }),
  counters: endpoint({
    method: 'GET',
    path: '/counting/counters',
    audience: 'admin',
    summary: 'The people counters (entrances) for the entrance filter',
    response: CountersResponse,
  }),
};
