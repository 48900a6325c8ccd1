import { calendarDateText, instantText } from '@/lib/dates';

/** A calendar date in words: "Mon 18 Mar 2024". */
export const formatDay = (date: string): string => calendarDateText(date);

/** An instant on the organisation's clock: "Wed 25 Nov 2026, 11:40". */
export const formatInstant = (instant: string): string => instantText(instant);
