import type { DepartmentSchedule, DepartmentSummary, ScheduleVersion } from '@atrium/contract';
import type { DepartmentSummaryRow, VersionRow } from './departments.repository';

export const toDepartmentSummary = (row: DepartmentSummaryRow): DepartmentSummary => ({
  id: row.id,
  name: row.name,
  manager_id: row.managers[0]?.id ?? null,
  manager_name: row.managers[0]?.name ?? null,
  managers: row.managers,
  parent_id: row.parent_id,
  people: row.people,
  active_people: row.active_people,
  site_id: row.site_id,
  site: row.site,
});

const hhmm = (time: string) => time.slice(0, 5);

function toVersion(row: VersionRow): ScheduleVersion {
  return {
    effectiveFrom: row.effective_from,
    workdays: [...row.workdays].sort((a, b) => a - b),
    startTime: hhmm(row.start_time),
    endTime: hhmm(row.end_time),
    graceMinutes: row.grace_minutes,
  };
}

/** Versions grouped by department; current is the newest in force on `today`. */
export function toSchedules(rows: VersionRow[], today: string): DepartmentSchedule[] {
  const byDepartment = new Map<number, DepartmentSchedule>();
  for (const row of rows) {
    const version = toVersion(row);
    let schedule = byDepartment.get(row.department_id);
    if (!schedule) {
      schedule = {
        departmentId: row.department_id,
        departmentName: row.department_name,
        current: version,
        versions: [],
      };
      byDepartment.set(row.department_id, schedule);
    }
    schedule.versions.push(version);
  }
  for (const schedule of byDepartment.values()) {
    schedule.current = schedule.versions.find((v) => v.effectiveFrom <= today) ?? schedule.versions.at(-1)!;
  }
  return [...byDepartment.values()];
}
