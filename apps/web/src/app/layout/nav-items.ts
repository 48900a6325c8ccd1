import {
  CalendarDays,
  ChartColumn,
  Clock,
  Footprints,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Video,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly: boolean;
}

/** The spec's navigation, in order; the last four are for admins only. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, adminOnly: false },
  { to: '/attendance', label: 'Time & Attendance', icon: Clock, adminOnly: false },
  { to: '/leave', label: 'Leave & HR', icon: CalendarDays, adminOnly: false },
  { to: '/access-control', label: 'Access Control', icon: KeyRound, adminOnly: true },
  { to: '/video', label: 'Video', icon: Video, adminOnly: true },
  { to: '/people-counting', label: 'People Counting', icon: Footprints, adminOnly: true },
  { to: '/reports', label: 'Reports', icon: ChartColumn, adminOnly: true },
];

export const navItemsFor = (isAdmin: boolean): NavItem[] =>
  NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);

/** The section a path belongs to, for the phone's section bar; Dashboard when none matches. */
export function sectionName(pathname: string): string {
  const item = NAV_ITEMS.find((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`));
  return item?.label ?? 'Dashboard';
}
