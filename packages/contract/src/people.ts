import { z } from 'zod';
import { MeResponse, Role } from './auth';
import { CalendarDate, Cursor, Id, IdParam, QueryInt, Text } from './common';
import { endpoint } from './endpoint';

export const Department = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A person of that department, set by an admin; null while there is none. */
  manager_id: z.number().int().nullable(),
});
export type Department = z.infer<typeof Department>;

export const DepartmentsResponse = z.object({ departments: z.array(Department) });
export type DepartmentsResponse = z.infer<typeof DepartmentsResponse>;

export const UserIdParams = z.object({ id: IdParam });
export const DepartmentIdParams = z.object({ id: IdParam });

/** The department's manager: an active person of that department, or null for none. */
export const SetManagerRequest = z.object({ userId: Id.nullable() });
export type SetManagerRequest = z.infer<typeof SetManagerRequest>;

export const SetManagerResponse = z.object({
  department: Department,
  manager: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type SetManagerResponse = z.infer<typeof SetManagerResponse>;

const Required = { error: 'is required' };
const Identifier = (max: number) =>
  Text(max)
    .min(1, Required)
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'must hold only letters, digits, dots, dashes and underscores' });

/**
 * A person as an administrator creates one: from the Add Person form, or one row of a CSV import
 * (whose columns are these fields in snake_case, the department by name). Email, employee number
 * and badge number are each unique in the organisation.
 */
export const PersonFields = z.object({
  firstName: Text(80).min(1, Required),
  lastName: Text(80).min(1, Required),
  email: z
    .email({ error: 'must be a valid email address' })
    .max(254, { error: 'must be at most 254 characters' })
    .transform((email) => email.toLowerCase()),
  employeeNumber: Identifier(32),
  badgeNumber: Identifier(32),
  departmentId: Id.nullable(),
  role: Role,
  startDate: CalendarDate.nullable(),
});
export type PersonFields = z.infer<typeof PersonFields>;

export const UpdateUserRequest = z.object({ active: z.boolean() });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/**
 * Active people in name order, a keyset page at a time (an organisation may have 50,000), for
 * admin pickers: `search` matches name, email, employee number or badge number.
 */
export const UsersQuery = z.object({
  search: Text(100).optional(),
  /** Only the people of this department (a manager picker). */
  department: IdParam.optional(),
  cursor: Cursor.optional(),
  limit: QueryInt(1, 200).default(50),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** Active people with their department, for admin filters and pickers. */
export const UsersResponse = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role: z.string(),
      department_id: z.number().int().nullable(),
      department_name: z.string().nullable(),
      /** What identifies the person at the doors (access events carry one or the other). */
      employee_number: z.string(),
      badge_number: z.string(),
    }),
  ),
  next_cursor: z.string().nullable(),
});
export type UsersResponse = z.infer<typeof UsersResponse>;

export const peopleApi = {
  departments: endpoint({
    method: 'GET',
    path: '/users/departments',
    audience: 'user',
    response: DepartmentsResponse,
  }),
  users: endpoint({
    method: 'GET',
    path: '/users',
    audience: 'admin',
    query: UsersQuery,
    response: UsersResponse,
  }),
  setActive: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    audience: 'admin',
    params: UserIdParams,
    body: UpdateUserRequest,
    response: MeResponse,
  }),
  setManager: endpoint({
    method: 'PUT',
    path: '/departments/:id/manager',
    audience: 'admin',
    summary: "Sets or clears a department's manager (audited)",
    params: DepartmentIdParams,
    body: SetManagerRequest,
    response: SetManagerResponse,
  }),
};
