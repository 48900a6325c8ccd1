import type { LastPassage, LeaveDayEntry, LeaveStatus, TeamStatus } from '@atrium/contract';
import type { BadgeTone } from '@/components/ui/Badge';
import { calendarDateText } from '@/lib/dates';
import { organisationClock, organisationToday } from '@/lib/org-time';

export const TEAM_STATUS_LABEL: Record<TeamStatus, string> = {
  present: 'Present',
  late: 'Late',
  not_yet_in: 'Not yet in',
  absent: 'Absent',
  on_leave: 'On leave',
};

export const TEAM_STATUS_TONE: Record<TeamStatus, BadgeTone> = {
  present: 'success',
  late: 'warning',
  not_yet_in: 'neutral',
  absent: 'danger',
  on_leave: 'info',
};

const ACTION_LABEL: Record<LastPassage['action'], string> = { entry: 'Entry', exit: 'Exit' };

/** Hour and minute of an instant on the organisation's clock, or null without one. */
export function clockText(instant: string | null): string | null {
  return instant ? organisationClock(instant) : null;
}

/**
 * A last door passage in words: "Entry, Main Door, 08:12" when it was on `today` (the team's
 * date), with its date before the time otherwise ("Exit, Main Door, Fri 20 Nov, 17:02"; the year
 * only when it differs); "No passage" when the person never passed a door.
 */
export function passageText(passage: LastPassage | null, today: string): string {
  if (!passage) return 'No passage';
  const day = organisationToday(new Date(passage.at));
  const time = organisationClock(passage.at);
  const when =
    day === today ? time : `${calendarDateText(day, day.slice(0, 4) !== today.slice(0, 4))}, ${time}`;
  return [ACTION_LABEL[passage.action], passage.access_point, when].filter(Boolean).join(', ');
}

/** A leave application's status on the team calendar's day list. */
export const LEAVE_STATUS_LABEL: Record<LeaveStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const LEAVE_STATUS_TONE: Record<LeaveStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

/** The part of a day a leave takes, as a suffix: nothing for the whole day. */
export const partText = (part: LeaveDayEntry['part']): string => (part === 'day' ? '' : ` · ${part} only`);
