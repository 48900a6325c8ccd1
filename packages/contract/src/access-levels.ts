import { z } from 'zod';
import { OkResponse } from './auth';
import { CalendarDate, Id, IdParam, KeysetPageQuery, Text } from './common';
import { endpoint } from './endpoint';

/**
 * Access levels (issue 32): a set of doors, each open on a weekly schedule, granted to
 * departments or people with optional validity dates. The controllers receive exactly this as
 * door rights and time plans (device sync), and My Access shows it.
 */

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** "HH:MM" on the organisation's clock; 24:00 is the end of the day. */
export const DayTime = z
  .string({ error: 'must be a time' })
  .regex(TIME_RE, { error: 'must be a time HH:MM' });

/** 1 Monday .. 7 Sunday. */
export const Weekday = z
  .number({ error: 'must be a weekday number' })
  .int({ error: 'must be a weekday number' })
  .min(1, { error: 'must be 1 (Monday) to 7 (Sunday)' })
  .max(7, { error: 'must be 1 (Monday) to 7 (Sunday)' });

export const AccessLevelDoorInput = z
  .object({
    access_point_id: Id,
    days: z
      .array(Weekday)
      .min(1, { error: 'must name at least one day' })
      .max(7, { error: 'must name at most 7 days' })
      .refine((d) => new Set(d).size === d.length, { error: 'must not repeat a day' })
      .default([1, 2, 3, 4, 5, 6, 7]),
    starts: DayTime.default('00:00'),
    ends: DayTime.default('24:00'),
  })
  .refine((d) => d.ends > d.starts, { error: 'must end after it starts', path: ['ends'] });
export type AccessLevelDoorInput = z.input<typeof AccessLevelDoorInput>;

export const AccessLevelDoor = z.object({
  access_point_id: z.number().int(),
  access_point: z.string(),
  days: z.array(z.number().int()),
  starts: z.string(),
  ends: z.string(),
});
export type AccessLevelDoor = z.infer<typeof AccessLevelDoor>;

export const AccessLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  doors: z.array(AccessLevelDoor),
  /** Grants to departments and to people. */
  department_grants: z.number().int(),
  person_grants: z.number().int(),
});
export type AccessLevel = z.infer<typeof AccessLevel>;
export const AccessLevelsResponse = z.object({ levels: z.array(AccessLevel) });
export type AccessLevelsResponse = z.infer<typeof AccessLevelsResponse>;
export const AccessLevelResponse = z.object({ level: AccessLevel });
export type AccessLevelResponse = z.infer<typeof AccessLevelResponse>;

const doorsList = z
  .array(AccessLevelDoorInput)
  .max(200, { error: 'must list at most 200 doors' })
  .refine((doors) => new Set(doors.map((d) => d.access_point_id)).size === doors.length, {
    error: 'must not list a door twice',
  });

export const CreateAccessLevelRequest = z.object({
  name: Text(100).pipe(z.string().min(1, { error: 'is required' })),
  description: Text(300).default(''),
  doors: doorsList.min(1, { error: 'must list at least one door' }),
});
export type CreateAccessLevelRequest = z.input<typeof CreateAccessLevelRequest>;
export const UpdateAccessLevelRequest = z.object({
  name: Text(100)
    .pipe(z.string().min(1, { error: 'is required' }))
    .optional(),
  description: Text(300).optional(),
  doors: doorsList.min(1, { error: 'must list at least one door' }).optional(),
});
export type UpdateAccessLevelRequest = z.input<typeof UpdateAccessLevelRequest>;

export const AccessGrantStatus = z.enum(['active', 'suspended']);

/** A level granted to one person or one whole department. */
export const AccessGrant = z.object({
  id: z.number().int(),
  level_id: z.number().int(),
  level_name: z.string(),
  user_id: z.number().int().nullable(),
  person_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  /** As stored; whether it applies today is `effective`. */
  status: AccessGrantStatus,
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Active and inside its dates today. */
  effective: z.boolean(),
});
export type AccessGrant = z.infer<typeof AccessGrant>;

export const AccessGrantsQuery = KeysetPageQuery.extend({
  level_id: z.coerce.number().pipe(Id).optional(),
  user_id: z.coerce.number().pipe(Id).optional(),
  department_id: z.coerce.number().pipe(Id).optional(),
});
export type AccessGrantsQuery = z.input<typeof AccessGrantsQuery>;
export const AccessGrantsResponse = z.object({
  grants: z.array(AccessGrant),
  next_cursor: z.string().nullable(),
});
export type AccessGrantsResponse = z.infer<typeof AccessGrantsResponse>;
export const AccessGrantResponse = z.object({ grant: AccessGrant });
export type AccessGrantResponse = z.infer<typeof AccessGrantResponse>;

const validity = {
  valid_from: CalendarDate.nullable().optional(),
  valid_until: CalendarDate.nullable().optional(),
};
const datesInOrder = (g: { valid_from?: string | null; valid_until?: string | null }) =>
  !g.valid_from || !g.valid_until || g.valid_until >= g.valid_from;
const datesMessage = { error: 'must not be before valid_from', path: ['valid_until'] };

export const CreateAccessGrantRequest = z
  .object({ level_id: Id, user_id: Id.optional(), department_id: Id.optional(), ...validity })
  .refine((g) => (g.user_id === undefined) !== (g.department_id === undefined), {
    error: 'name either user_id or department_id, not both',
    path: ['user_id'],
  })
  .refine(datesInOrder, datesMessage);
export type CreateAccessGrantRequest = z.input<typeof CreateAccessGrantRequest>;

export const UpdateAccessGrantRequest = z
  .object({ status: AccessGrantStatus.optional(), ...validity })
  .refine(datesInOrder, datesMessage);
export type UpdateAccessGrantRequest = z.input<typeof UpdateAccessGrantRequest>;

export const accessLevelsApi = {
  levels: endpoint({
    method: 'GET',
    path: '/access/levels',
    audience: 'admin',
    response: AccessLevelsResponse,
  }),
  createLevel: endpoint({
    method: 'POST',
    path: '/access/levels',
    audience: 'admin',
    status: 201,
    body: CreateAccessLevelRequest,
    response: AccessLevelResponse,
  }),
  updateLevel: endpoint({
    method: 'PATCH',
    path: '/access/levels/:id',
    audience: 'admin',
    params: z.object({ id: IdParam }),
    body: UpdateAccessLevelRequest,
    response: AccessLevelResponse,
  }),
  /** Removes a level and every grant of it; the controllers lose those door rights. */
  deleteLevel: endpoint({
    method: 'DELETE',
    path: '/access/levels/:id',
    audience: 'admin',
    params: z.object({ id: IdParam }),
    response: OkResponse,
  }),
  grants: endpoint({
    method: 'GET',
    path: '/access/grants',
    audience: 'admin',
    query: AccessGrantsQuery,
    response: AccessGrantsResponse,
  }),
  createGrant: endpoint({
    method: 'POST',
    path: '/access/grants',
    audience: 'admin',
    status: 201,
    body: CreateAccessGrantRequest,
    response: AccessGrantResponse,
  }),
  updateGrant: endpoint({
    method: 'PATCH',
    path: '/access/grants/:id',
    audience: 'admin',
    params: z.object({ id: IdParam }),
    body: UpdateAccessGrantRequest,
    response: AccessGrantResponse,
  }),
  /** Revokes a grant: the next swipe of those people at its doors is refused by the controller. */
  deleteGrant: endpoint({
    method: 'DELETE',
    path: '/access/grants/:id',
    audience: 'admin',
    params: z.object({ id: IdParam }),
    response: OkResponse,
  }),
};
