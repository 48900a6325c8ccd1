import type { Report } from '@atrium/contract';

/** What each report kind computes; the service adds the type, title and range around it. */
export type Body = Omit<Report, 'type' | 'title' | 'startDate' | 'endDate' | 'emptyRange'>;
