import { z } from 'zod';
import { QueryInt } from './common';
import { endpoint } from './endpoint';

/**
 * Where a team member stands today. `present` and `late` have a record (late: after the schedule's
 * start and grace); `absent` and `not_yet_in` have none on a workday without leave, `not_yet_in`
 * while their department's day has not started yet (start and grace), so the two together are the
 * attendance list's `absent`; `on_leave` is covered by approved leave.
 */
export const TeamStatus = z.enum(['present', 'late', 'absent', 'not_yet_in', 'on_leave']);
export type TeamStatus = z.infer<typeof TeamStatus>;

/** A person's last door passage (any day), or null when they never passed a door. */
export const LastPassage = z.object({
  at: z.string(),
  action: z.enum(['entry', 'exit']),
  access_point: z.string().nullable(),
});
export type LastPassage = z.infer<typeof LastPassage>;

export const TeamMemberToday = z.object({
  user_id: z.number().int(),
  name: z.string(),
  department_name: z.string().nullable(),
  status: TeamStatus,
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  /** The approved leave type covering today, when on leave. */
  leave_type: z.string().nullable(),
  last_passage: LastPassage.nullable(),
});
export type TeamMemberToday = z.infer<typeof TeamMemberToday>;

/** How many of the team are each thing today; `expected` are those with a workday today. */
export const TeamCounts = z.object({
  expected: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  not_yet_in: z.number().int(),
  on_leave: z.number().int(),
});
export type TeamCounts = z.infer<typeof TeamCounts>;

export const TeamTodayQuery = z.object({
  page: QueryInt(1, 100_000).default(1),
  pageSize: QueryInt(1, 100).default(25),
});
export type TeamTodayQuery = z.infer<typeof TeamTodayQuery>;

export const TeamTodayResponse = z.object({
  date: z.string(),
  counts: TeamCounts,
  /** A page of the team, by name: those with a record, on leave or expected today. */
  members: z.array(TeamMemberToday),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TeamTodayResponse = z.infer<typeof TeamTodayResponse>;

export const TeamCalendarParams = z.object({
  year: QueryInt(2000, 2100),
  month: QueryInt(1, 12),
});
/** One day of the month with team leave on it, and whether so many are off that it clashes. */
export const TeamCalendarDay = z.object({
  date: z.string(),
  approved: z.number().int(),
  pending: z.number().int(),
  half_day: z.number().int(),
  /** approved + pending reach the clash threshold. */
  clash: z.boolean(),
});
export type TeamCalendarDay = z.infer<typeof TeamCalendarDay>;
export const TeamCalendarResponse = z.object({
  /** Active people in the team. */
  team_size: z.number().int(),
  /**
   * People off (approved or pending) on one day from which the day is a clash: the setting's share
   * of the team, at least two; null when the setting is 0 (no warning).
   */
  clash_threshold: z.number().int().nullable(),
  days: z.array(TeamCalendarDay),
});
export type TeamCalendarResponse = z.infer<typeof TeamCalendarResponse>;

export const teamApi = {
  today: endpoint({
    method: 'GET',
    path: '/team/today',
    audience: 'manager',
    summary:
      "Today's standing of the caller's team (a manager's departments and those below them; everyone for an administrator)",
    query: TeamTodayQuery,
    response: TeamTodayResponse,
  }),
  calendar: endpoint({
    method: 'GET',
    path: '/team/calendar/:year/:month',
    audience: 'manager',
    summary: "The team's leave per day of a month (approved and pending), with days that clash marked",
    params: TeamCalendarParams,
    response: TeamCalendarResponse,
  }),
};
