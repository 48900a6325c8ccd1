import { REPORT_TYPES, type ReportType, type SessionRole } from '@atrium/contract';

/** The report types a manager may run, over their team (the server answers the others 403). */
export const MANAGER_REPORT_TYPES: readonly ReportType[] = ['attendance', 'leave', 'department', 'payroll'];

/** The report types offered to someone in `role`: a manager their team's four, others all six. */
export function reportTypesFor(role: SessionRole | undefined): typeof REPORT_TYPES {
  return role === 'manager' ? REPORT_TYPES.filter((t) => MANAGER_REPORT_TYPES.includes(t.id)) : REPORT_TYPES;
}
