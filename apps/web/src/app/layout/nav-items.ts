import type { Action, SessionRole } from '@atrium/contract';
import {
  CalendarDays,
  ChartColumn,
  Clock,
  Footprints,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  UserRound,
  Users,
  Video,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The policy action that shows this section; shown to everyone signed in when absent. */
  action?: Action;
  /**
   * The session roles shown this section, for a page that follows the role rather than a policy
   * action (My Team: managers only); shown to every role when absent.
   */
  roles?: readonly SessionRole[];
}

/**
 * The spec's navigation, in order; My Team is for managers only, the next three for admins only,
 * Reports for admins and managers (see the policy table).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/attendance', label: 'Time & Attendance', icon: Clock },
  { to: '/leave', label: 'Leave & HR', icon: CalendarDays },
  { to: '/team', label: 'My Team', icon: Users, roles: ['manager'] },
  { to: '/access-control', label: 'Access Control', icon: KeyRound, action: 'access.view' },
  { to: '/video', label: 'Video', icon: Video, action: 'video.view' },
  { to: '/people-counting', label: 'People Counting', icon: Footprints, action: 'counting.view' },
  { to: '/reports', label: 'Reports', icon: ChartColumn, action: 'reports.view' },
];

/** Whether a signed-in person in `role` who may do what `can` says is shown `item`. */
export const showsItem = (
  item: NavItem,
  can: (action: Action) => boolean,
  role: SessionRole | undefined,
): boolean =>
  (!item.action || can(item.action)) && (!item.roles || (role !== undefined && item.roles.includes(role)));

export const navItemsFor = (can: (action: Action) => boolean, role: SessionRole | undefined): NavItem[] =>
  NAV_ITEMS.filter((item) => showsItem(item, can, role));

/** Places reached from the user menu in the top bar rather than the navigation. */
export const MENU_ITEMS: readonly NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/settings', label: 'Organisation', icon: Settings, action: 'organisation.manage' },
];

/** Every page a signed-in person can open without an id: the navigation's and the menu's. */
export const ALL_PAGES: readonly NavItem[] = [...NAV_ITEMS, ...MENU_ITEMS];

/** The section a path belongs to, for the phone's section bar; Dashboard when none matches. */
export function sectionName(pathname: string): string {
  const item = ALL_PAGES.find((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`));
  return item?.label ?? 'Dashboard';
}
