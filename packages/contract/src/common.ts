import { z } from 'zod';

/** A calendar date without a time zone, as YYYY-MM-DD (attendance dates, leave days). */
export const CalendarDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });
