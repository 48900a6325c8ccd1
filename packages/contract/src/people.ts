import { z } from 'zod';
import { AccessPermission } from './access';
import { AttendanceSource } from './attendance';
import { NewPassword, OkResponse, Role } from './auth';
import { CalendarDate, Cursor, Id, IdParam, QueryInt, Text } from './common';
import { endpoint } from './endpoint';
import { LeaveBalance } from './leave';

export const Department = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first of its managers (the one who decides); null while it has none. */
  manager_id: z.number().int().nullable(),
  /** The department it sits inside; null at the top of the tree. */
  parent_id: z.number().int().nullable(),
  /** The site its people belong to unless they have their own (issue 35). */
  site_id: z.number().int(),
  site: z.string(),
});
export type Department = z.infer<typeof Department>;

export const DepartmentsResponse = z.object({ departments: z.array(Department) });
export type DepartmentsResponse = z.infer<typeof DepartmentsResponse>;

export const UserIdParams = z.object({ id: IdParam });
export const DepartmentIdParams = z.object({ id: IdParam });

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
  /**
   * Last working day: after it the person is not employed (not counted, not absent) and their
   * account is disabled, their sessions ended. Null or missing: no end.
   */
  endDate: CalendarDate.nullable().optional(),
  /**
   * Their own site, which wins over their department's (someone in Finance who sits in the
   * warehouse); null or missing: they follow their department's site.
   */
  siteId: Id.nullable().optional(),
});
export type PersonFields = z.infer<typeof PersonFields>;

/**
 * An edit of a person: any of the fields, the others left as they are. A role or department
 * change reaches their live sessions at once; a badge or role change is audited old -> new.
 */
export const UpdatePersonRequest = PersonFields.partial();
export type UpdatePersonRequest = z.infer<typeof UpdatePersonRequest>;

/** A person's own leave approver, or null to leave it to their department's managers. */
export const LeaveApproverRequest = z.object({
  approverId: Id.nullable(),
});
export type LeaveApproverRequest = z.infer<typeof LeaveApproverRequest>;

/** Disabling may give the last working day (today or earlier keeps their history to that day). */
export const DisablePersonRequest = z.object({ endDate: CalendarDate.optional() }).nullish();
export type DisablePersonRequest = z.infer<typeof DisablePersonRequest>;

/** Which people a list shows: the active ones (pickers), the disabled ones, or everybody. */
export const PersonStatus = z.enum(['active', 'disabled', 'all']);
export type PersonStatus = z.infer<typeof PersonStatus>;

/**
 * People in name order, a keyset page at a time (an organisation may have 50,000): `search`
 * matches name, email, employee number or badge number; `status` is `active` unless given, so
 * pickers list only people who can be chosen.
 */
export const UsersQuery = z.object({
  search: Text(100).optional(),
  /** Only the people of this department (the attendance and people filters). */
  department: IdParam.optional(),
  status: PersonStatus.default('active'),
  cursor: Cursor.optional(),
  limit: QueryInt(1, 200).default(50),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** One person as the People list and the person page show them. */
export const PersonRow = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: Role,
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  /** What identifies the person at the doors (access events carry one or the other). */
  employee_number: z.string(),
  badge_number: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  active: z.boolean(),
  /** The site whose day is theirs: their own, else their department's, else the organisation's first. */
  site_id: z.number().int(),
  site: z.string(),
  /** Their own site when it overrides their department's; null when they follow the department. */
  home_site_id: z.number().int().nullable(),
});
export type PersonRow = z.infer<typeof PersonRow>;

export const UsersResponse = z.object({
  users: z.array(PersonRow),
  next_cursor: z.string().nullable(),
});
export type UsersResponse = z.infer<typeof UsersResponse>;

/** A person with what only the person page needs. */
export const Person = PersonRow.extend({
  /** Their own leave approver, who decides their leave instead of their department's managers. */
  leave_approver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** False until they set one through their invitation link: the page then offers the invitation. */
  has_password: z.boolean(),
});
export type Person = z.infer<typeof Person>;
export const PersonResponse = z.object({ person: Person });
export type PersonResponse = z.infer<typeof PersonResponse>;

/** Their department's work schedule (the organisation's default without a department). */
export const PersonSchedule = z.object({
  /** ISO weekdays, 1 = Monday. */
  workdays: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  grace_minutes: z.number().int(),
});

/** One day they have a record for. */
/**
 * A day of the person page: worked (with its times), absent, on leave (with its type), a public
 * holiday or a day off; days outside the person's employment are left out.
 */
export const PersonAttendanceDay = z.object({
  date: z.string(),
  kind: z.enum(['worked', 'absent', 'on_leave', 'holiday', 'day_off']),
  leave_type: z.string().nullable(),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  hours: z.number().nullable(),
  late: z.boolean(),
  early_exit: z.boolean(),
  source: AttendanceSource.nullable(),
});
export type PersonAttendanceDay = z.infer<typeof PersonAttendanceDay>;

/** The person page: who they are, their schedule, the last 14 days, this year's leave, their doors. */
export const PersonDetailResponse = z.object({
  person: Person,
  schedule: PersonSchedule,
  recent_attendance: z.array(PersonAttendanceDay),
  leave_balances: z.array(LeaveBalance),
  access_permissions: z.array(AccessPermission),
});
export type PersonDetailResponse = z.infer<typeof PersonDetailResponse>;

/**
 * A one-time link to set a password, valid 72 hours; a newer one replaces it. Atrium sends no
 * email: the administrator hands it over.
 */
export const Invitation = z.object({ inviteUrl: z.string(), expiresAt: z.string() });
export type Invitation = z.infer<typeof Invitation>;

export const CreatePersonResponse = z.object({ person: Person, invitation: Invitation });
export type CreatePersonResponse = z.infer<typeof CreatePersonResponse>;

/** The token of an invitation link: 256 random bits as base64url. */
export const InviteToken = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the token of an invitation link' });
export const InviteTokenParams = z.object({ token: InviteToken });

/** Whom a valid link is for, so the page can greet them. */
export const InviteInfoResponse = z.object({ first_name: z.string(), email: z.string() });
export type InviteInfoResponse = z.infer<typeof InviteInfoResponse>;

export const AcceptInviteRequest = z.object({ token: InviteToken, password: NewPassword });
export type AcceptInviteRequest = z.infer<typeof AcceptInviteRequest>;

/** Active people by name, for a manager's pickers (whom to hand approvals to): names and departments only. */
export const PeopleDirectoryQuery = z.object({
  search: Text(100).optional(),
  limit: QueryInt(1, 50).default(20),
});
export type PeopleDirectoryQuery = z.infer<typeof PeopleDirectoryQuery>;

export const DirectoryPerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  department_name: z.string().nullable(),
});
export type DirectoryPerson = z.infer<typeof DirectoryPerson>;

export const PeopleDirectoryResponse = z.object({ people: z.array(DirectoryPerson) });
export type PeopleDirectoryResponse = z.infer<typeof PeopleDirectoryResponse>;

export const peopleApi = {
  directory: endpoint({
    method: 'GET',
    path: '/people/directory',
    audience: 'manager',
    summary: 'Active people by name (names and departments only), for pickers such as a delegation',
    query: PeopleDirectoryQuery,
    response: PeopleDirectoryResponse,
  }),
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
  person: endpoint({
    method: 'GET',
    path: '/users/:id',
    audience: 'admin',
    summary: "A person's page: fields, schedule, recent attendance, leave balances, access permissions",
    params: UserIdParams,
    response: PersonDetailResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/users',
    audience: 'admin',
    summary: 'Adds a person (no password: the answer carries their invitation link; audited)',
    body: PersonFields,
    response: CreatePersonResponse,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    audience: 'admin',
    summary: "Edits a person's fields (audited)",
    params: UserIdParams,
    body: UpdatePersonRequest,
    response: PersonResponse,
  }),
  setLeaveApprover: endpoint({
    method: 'PUT',
    path: '/users/:id/leave-approver',
    audience: 'admin',
    summary:
      "Sets a person's own leave approver, who wins over their department's managers; null clears it. Waiting applications follow (audited)",
    params: UserIdParams,
    body: LeaveApproverRequest,
    response: PersonResponse,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/users/:id/disable',
    audience: 'admin',
    summary:
      'Disables a person: their sessions and live sockets end at once; endDate sets their last working day (audited)',
    params: UserIdParams,
    body: DisablePersonRequest,
    response: PersonResponse,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/users/:id/enable',
    audience: 'admin',
    summary: 'Re-enables a disabled person (audited)',
    params: UserIdParams,
    response: PersonResponse,
  }),
  invitation: endpoint({
    method: 'POST',
    path: '/users/:id/invitation',
    audience: 'admin',
    summary:
      'A one-time link to set a password (72 h; replaces older links). For someone with a password it is a reset: their sessions end at once (audited)',
    params: UserIdParams,
    response: Invitation,
    status: 201,
  }),
  inviteInfo: endpoint({
    method: 'GET',
    path: '/auth/invite/:token',
    audience: 'public',
    summary: "Whom a valid invitation link is for (first name and email); 400 for any link that isn't",
    params: InviteTokenParams,
    response: InviteInfoResponse,
  }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/auth/accept-invite',
    audience: 'public',
    summary: 'Sets the password of an invitation link, once; ends the sessions the person had (audited)',
    body: AcceptInviteRequest,
    response: OkResponse,
  }),
};
