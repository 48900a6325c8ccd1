import {
  type AttendanceRecord,
  attendanceApi,
  type LeaveDayEntry,
  leaveApi,
  type TeamCalendarDay,
  teamApi,
} from '@atrium/contract';
import { fakeApi } from '@/test/fake-api';

export const calendarDay = (date: string, more: Partial<TeamCalendarDay> = {}): TeamCalendarDay => ({
  date,
  approved: 1,
  pending: 0,
  half_day: 0,
  clash: false,
  ...more,
});

export const leaveEntry = (id: number, name: string, more: Partial<LeaveDayEntry> = {}): LeaveDayEntry => ({
  application_id: id,
  user: { id: 100 + id, name },
  leave_type: 'Annual Leave',
  status: 'approved',
  part: 'day',
  ...more,
});

export const personDay = (
  user_id: number,
  first_name: string,
  last_name: string,
  more: Partial<AttendanceRecord> = {},
): AttendanceRecord => ({
  id: user_id,
  user_id,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@atrium.local`,
  department_id: 1,
  department_name: 'Warehouse',
  date: '2026-07-06',
  check_in_time: null,
  check_out_time: null,
  attendance_status: 'complete',
  hours: null,
  late: false,
  early_exit: false,
  forgotten_checkout: false,
  source: 'web',
  leave_type: null,
  time_zone: 'UTC',
  ...more,
});

/** My Team's sections other than the one under test: a quiet month, no person-days, nobody off. */
export function answerQuietTeam(): void {
  fakeApi.on(teamApi.calendar, { team_size: 10, clash_threshold: null, days: [] });
  fakeApi.on(attendanceApi.list, ({ query }) => ({
    attendance: [],
    total: 0,
    page: Number(query.get('page') ?? 1),
    pageSize: Number(query.get('pageSize') ?? 25),
  }));
  fakeApi.on(leaveApi.calendarDay, { entries: [], total: 0 });
}
