import type { Action } from '@atrium/contract';
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
  Video,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The policy action that shows this section; shown to everyone signed in when absent. */
  action?: Action;
}

/** The spec's navigation, in order; the last four are for admins only (see the policy table). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/attendance', label: 'Time & Attendance', icon: Clock },
  { to: '/leave', label: 'Leave & HR', icon: CalendarDays },
  { to: '/access-control', label: 'Access Control', icon: KeyRound, action: 'access.view' },
  { to: '/video', label: 'Video', icon: Video, action: 'video.view' },
  { to: '/people-counting', label: 'People Counting', icon: Footprints, action: 'counting.view' },
  { to: '/reports', label: 'Reports', icon: ChartColumn, action: 'reports.view' },
];

export const navItemsFor = (can: (action: Action) => boolean): NavItem[] =>
  NAV_ITEMS.filter((item) => !item.action || can(item.action));

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
