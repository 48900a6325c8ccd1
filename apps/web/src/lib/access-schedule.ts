import type { AccessLevelDoor } from '@atrium/contract';
import { daysText } from './weekdays';

/** What a door's schedule needs: the weekdays (1 Monday .. 7 Sunday) and the times "HH:MM". */
type Schedule = Pick<AccessLevelDoor, 'days' | 'starts' | 'ends'>;

// The server may send a time with seconds ("06:00:00"); people read minutes.
const hhmm = (time: string) => time.slice(0, 5);

/**
 * When a door opens, in words: "every day, all day", "Mon–Fri 06:00–20:00", "Sat, Sun, all day".
 * 24:00 is the end of the day, so 00:00–24:00 is "all day".
 */
export function scheduleText({ days, starts, ends }: Schedule): string {
  const unique = [...new Set(days)];
  const dayWords = unique.length === 7 ? 'every day' : unique.length === 0 ? 'no day' : daysText(unique);
  const allDay = hhmm(starts) === '00:00' && hhmm(ends) === '24:00';
  return allDay ? `${dayWords}, all day` : `${dayWords} ${hhmm(starts)}–${hhmm(ends)}`;
}

/** A door with its schedule: "Warehouse Dock · Mon–Fri 06:00–20:00". */
export function doorScheduleText(door: Pick<AccessLevelDoor, 'access_point'> & Schedule): string {
  return `${door.access_point} · ${scheduleText(door)}`;
}
