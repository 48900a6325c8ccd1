import type { SessionRole } from './auth';

/**
 * Who may do what: the one table server and web both ask. The server enforces it (services call
 * `authorize` first); the web only uses it to choose what to show.
 *
 * Actions are '<domain>.<verb>'. Each names, per role, how far it reaches:
 * - `all`: anyone's data;
 * - `team`: people of the departments the actor manages and of every department below them;
 * - `own`: only the actor's own data (lists are narrowed to it, other people's rows are 403/404);
 * - `site`: a site administrator's, the people, devices and cameras of their sites (SITE_ACTIONS).
 * A role missing from an entry may not do it at all (403).
 *
 * Adding a role is a change to `SessionRole` and to the entries below, nothing else.
 */
export type Reach = 'all' | 'team' | 'own' | 'site';

const adminOnly = { admin: 'all' } as const;
const ownForAll = { admin: 'own', manager: 'own', staff: 'own' } as const;
const allForAll = { admin: 'all', manager: 'all', staff: 'all' } as const;
/** Administrators everyone's, managers their team's, staff their own. */
const teamForManagers = { admin: 'all', manager: 'team', staff: 'own' } as const;
/** Administrators everyone's, managers their team's, staff nothing. */
const teamOnlyForManagers = { admin: 'all', manager: 'team' } as const;

export const POLICIES = {
  // My account
  /** My own details, password and sessions. */
  'account.self': ownForAll,

  // Attendance
  /** Check in and out, see my day and my statistics. */
  'attendance.self': ownForAll,
  /** Attendance lists: administrators everyone's, managers their team's, staff their own. */
  'attendance.view': teamForManagers,
  /** Overview, bulk marking, corrections, removal. */
  'attendance.manage': adminOnly,
  /** The attendance list as a CSV file: administrators everyone's, managers their team's. */
  'attendance.export': teamOnlyForManagers,
  /** Ask for a correction of my own past day, see and withdraw my requests. */
  'attendance.request': ownForAll,
  /** Everyone's correction requests: list, approve, reject. */
  'attendance.decide': adminOnly,

  // Leave
  /** Apply, cancel my pending (or approved, not started) applications, see my balances and history. */
  'leave.apply': ownForAll,
  /** Application lists and the leave calendar: administrators everyone's, managers their team's, staff their own. */
  'leave.view': teamForManagers,
  /** Approve or reject applications, singly or in batch: administrators anyone's, managers their team's. */
  'leave.decide': { admin: 'all', manager: 'team' },
  /** Leave types and policies, carry forward. */
  'leave.configure': adminOnly,
  /** Reading leave types and policies, which everyone needs to apply. */
  'leave.types': allForAll,

  // Dashboard and system
  /** My quick stats. */
  'dashboard.self': ownForAll,
  /** Organisation-wide figures: today's overview, recent activity, everyone's pending leave. */
  'dashboard.organisation': adminOnly,
  /** System health. */
  'system.health': adminOnly,
  /** The audit log. */
  'audit.view': adminOnly,

  // People and organisation
  /** The department list (filters and forms). */
  'people.departments': allForAll,
  /** Active people's names and departments, for managers' pickers (whom to delegate to). */
  'people.directory': { admin: 'all', manager: 'all' },
  /** The list of people, for admin filters and pickers. */
  'people.view': adminOnly,
  /** Enable, disable, create and edit people. */
  'people.manage': adminOnly,
  /** Departments, schedules, the organisation's settings. */
  'organisation.manage': adminOnly,
  /** The public holidays: everyone's calendar marks them. */
  'organisation.calendar': allForAll,
  /** The sites, each with its zone and "today" (site selectors and filters). */
  'sites.view': allForAll,
  /** Add, change and remove sites (the first site's zone and work week are the organisation's). */
  'sites.manage': adminOnly,
  /** API tokens: create, list, revoke (never given to a token itself). */
  'tokens.manage': adminOnly,

  // The building (later features: administrators only until decided otherwise)
  /** My access logs, status, permissions and statistics; the web reader records my passages. */
  'access.self': ownForAll,
  /** Everyone's access logs, devices, alerts and the building's figures. */
  'access.view': adminOnly,
  /** Devices (settings, push secrets, remote door), alerts, badges, simulated device events. */
  'access.manage': adminOnly,
  'video.view': adminOnly,
  'video.manage': adminOnly,
  'counting.view': adminOnly,
  'counting.manage': adminOnly,
  /** Reports: administrators every type over everyone; managers attendance, leave and department over their team. */
  'reports.view': teamOnlyForManagers,
} as const satisfies Record<string, Partial<Record<SessionRole, Reach>>>;

export type Action = keyof typeof POLICIES;

export const ACTIONS = Object.keys(POLICIES) as Action[];

/**
 * What a site administrator (an administrator limited to some sites) does, over their sites only.
 * Anything else an administrator does is refused them; what staff may do, they may.
 */
export const SITE_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'people.view',
  'people.manage',
  'access.view',
  'access.manage',
  'counting.view',
  'counting.manage',
  'video.view',
  'video.manage',
]);

/** Anyone a policy is asked about: a signed-in person's role, and an administrator's sites if limited. */
export interface PolicySubject {
  role: SessionRole;
  /** The sites an administrator is limited to; undefined for every site. */
  siteIds?: readonly number[];
}

/** How far `subject` may do `action`, or null when not at all. */
export function reachOf(subject: PolicySubject, action: Action): Reach | null {
  const entry: Partial<Record<SessionRole, Reach>> = POLICIES[action];
  if (subject.role === 'admin' && subject.siteIds !== undefined)
    return SITE_ACTIONS.has(action) ? 'site' : (entry.staff ?? null);
  return entry[subject.role] ?? null;
}

/**
 * Whether `subject` may do `action` at all (to some reach). For whether it may do it to one
 * particular person's data, the server's `can(actor, action, resource)` also checks the reach.
 */
export function allows(subject: PolicySubject, action: Action): boolean {
  return reachOf(subject, action) !== null;
}

/** Whether `subject` may do `action` to everyone's data (an organisation-wide screen). */
export function allowsAll(subject: PolicySubject, action: Action): boolean {
  return reachOf(subject, action) === 'all';
}
