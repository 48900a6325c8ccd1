import { z } from 'zod';
import { OkResponse } from './auth';
import { Id, Text } from './common';
import { endpoint } from './endpoint';
import { IsoWeekday } from './organisation';
import { Department, DepartmentIdParams } from './people';

/** One of a department's managers. */
export const DepartmentManager = z.object({ id: z.number().int(), name: z.string() });
export type DepartmentManager = z.infer<typeof DepartmentManager>;

/** A department as the Organisation page lists it: with its people and its managers' names. */
export const DepartmentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first of its managers (the one who decides), null while it has none. */
  manager_id: z.number().int().nullable(),
  manager_name: z.string().nullable(),
  /** Its managers in order: the first decides, the others stand in. */
  managers: z.array(DepartmentManager),
  /** The department it sits inside; null at the top of the tree. */
  parent_id: z.number().int().nullable(),
  /** Everyone whose department it is, disabled people included (they keep their history). */
  people: z.number().int(),
  active_people: z.number().int(),
  /** The site its people belong to unless they have their own. */
  site_id: z.number().int(),
  site: z.string(),
});
export type DepartmentSummary = z.infer<typeof DepartmentSummary>;

export const DepartmentSummariesResponse = z.object({ departments: z.array(DepartmentSummary) });

/** A department's name and, optionally, its site (a new one without it is at the first site). */
export const DepartmentNameRequest = z.object({
  name: Text(80).trim().min(1, { error: 'is required' }),
  siteId: Id.optional(),
});
export type DepartmentNameRequest = z.infer<typeof DepartmentNameRequest>;

export const DepartmentResponse = z.object({ department: Department });

/** Where a department sits: inside another, or at the top (null). */
export const DepartmentParentRequest = z.object({ parentId: Id.nullable() });
export type DepartmentParentRequest = z.infer<typeof DepartmentParentRequest>;

/** Most managers a department may have. */
export const MAX_DEPARTMENT_MANAGERS = 5;

/**
 * A department's managers in order (the first decides, the others stand in), any active people;
 * an empty list leaves it with none.
 */
export const DepartmentManagersRequest = z.object({
  managerIds: z
    .array(Id, { error: 'must be a list of person ids' })
    .max(MAX_DEPARTMENT_MANAGERS, { error: `must hold at most ${MAX_DEPARTMENT_MANAGERS} people` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not name a person twice' }),
});
export type DepartmentManagersRequest = z.infer<typeof DepartmentManagersRequest>;

export const DepartmentManagersResponse = z.object({
  department: Department,
  managers: z.array(DepartmentManager),
});
export type DepartmentManagersResponse = z.infer<typeof DepartmentManagersResponse>;

/** A time of day as HH:MM (24-hour). */
export const ClockTime = z
  .string({ error: 'must be a time as HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time as HH:MM' });

/** One version of a department's work schedule, in force from effectiveFrom until the next. */
export const ScheduleVersion = z.object({
  effectiveFrom: z.string(),
  workdays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  graceMinutes: z.number().int(),
});
export type ScheduleVersion = z.infer<typeof ScheduleVersion>;

/** A department's schedule today, and every version (newest first, future ones included). */
export const DepartmentSchedule = z.object({
  departmentId: z.number().int(),
  departmentName: z.string(),
  current: ScheduleVersion,
  versions: z.array(ScheduleVersion),
});
export type DepartmentSchedule = z.infer<typeof DepartmentSchedule>;

export const SchedulesResponse = z.object({
  /** The organisation's today: the date a change made now applies from. */
  today: z.string(),
  schedules: z.array(DepartmentSchedule),
});
export type SchedulesResponse = z.infer<typeof SchedulesResponse>;

export const ScheduleRequest = z
  .object({
    workdays: z
      .array(IsoWeekday, { error: 'must be a list of weekdays' })
      .min(1, { error: 'must hold at least one day' })
      .max(7, { error: 'must hold at most 7 days' })
      .refine((days) => new Set(days).size === days.length, { error: 'must not repeat a day' }),
    startTime: ClockTime,
    endTime: ClockTime,
    graceMinutes: z
      .number({ error: 'must be a whole number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .min(0, { error: 'must be from 0 to 120' })
      .max(120, { error: 'must be from 0 to 120' }),
  })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], error: 'must be after the start time' });
export type ScheduleRequest = z.infer<typeof ScheduleRequest>;

export const ScheduleResponse = z.object({ schedule: DepartmentSchedule });

export const departmentsApi = {
  list: endpoint({
    method: 'GET',
    path: '/departments',
    audience: 'admin',
    summary: 'Departments with their manager and how many people they hold',
    response: DepartmentSummariesResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/users/departments',
    audience: 'admin',
    summary:
      "Add a department, at the organisation's first site unless siteId names another (audited; it starts with its site's work week)",
    body: DepartmentNameRequest,
    status: 201,
    response: DepartmentResponse,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/users/departments/:id',
    audience: 'admin',
    summary: 'Rename a department or move it to another site (audited; its past attendance keeps its dates)',
    params: DepartmentIdParams,
    body: DepartmentNameRequest,
    response: DepartmentResponse,
  }),
  setParent: endpoint({
    method: 'PUT',
    path: '/departments/:id/parent',
    audience: 'admin',
    summary: 'Move a department inside another, or to the top (audited); 409 naming the loop it would make',
    params: DepartmentIdParams,
    body: DepartmentParentRequest,
    response: DepartmentResponse,
  }),
  setManagers: endpoint({
    method: 'PUT',
    path: '/departments/:id/managers',
    audience: 'admin',
    summary:
      "Set a department's managers in order (audited): they manage it and every department below it, and act as managers while they manage one",
    params: DepartmentIdParams,
    body: DepartmentManagersRequest,
    response: DepartmentManagersResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/departments/:id',
    audience: 'admin',
    summary: 'Delete a department nobody belongs to and nothing sits inside (audited); 409 otherwise',
    params: DepartmentIdParams,
    response: OkResponse,
  }),
  schedules: endpoint({
    method: 'GET',
    path: '/schedules',
    audience: 'admin',
    summary: "Each department's work schedule today and its versions",
    response: SchedulesResponse,
  }),
  setSchedule: endpoint({
    method: 'PUT',
    path: '/departments/:id/schedule',
    audience: 'admin',
    summary: "Change a department's work schedule from today on (audited; earlier days keep theirs)",
    params: DepartmentIdParams,
    body: ScheduleRequest,
    response: ScheduleResponse,
  }),
};
