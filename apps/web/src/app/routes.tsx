import { Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { RequireAction } from './guard/RequireAction';
import { RequireAdmin } from './guard/RequireAdmin';
import { RequireAuth } from './guard/RequireAuth';
import { RequireManager } from './guard/RequireManager';
import { AppLayout } from './layout/AppLayout';
import { NotFound } from './NotFound';
import { AppRoot } from './providers/AppRoot';
import { RouteError } from './RouteError';

// Each page is its own chunk, so heavy screens (charts, video) cost nothing until visited.
const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('@/features/auth/pages/LoginPage')).LoginPage }),
      },
      {
        path: 'invite/:token',
        lazy: async () => ({
          Component: (await import('@/features/people/pages/InvitePage')).InvitePage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('@/features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        // A link the person asked for by mail: the invitation page in its reset wording.
        path: 'reset-password/:token',
        lazy: async () => {
          const { InvitePage } = await import('@/features/people/pages/InvitePage');
          return { Component: () => <InvitePage mode="reset" /> };
        },
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: AppLayout,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('@/features/dashboard/pages/DashboardPage')).DashboardPage,
                }),
              },
              {
                path: 'attendance',
                lazy: async () => ({
                  Component: (await import('@/features/attendance/pages/AttendancePage')).AttendancePage,
                }),
              },
              {
                path: 'leave',
                lazy: async () => ({
                  Component: (await import('@/features/leave/pages/LeavePage')).LeavePage,
                }),
              },
              {
                path: 'access-control',
                lazy: async () => ({
                  Component: (await import('@/features/access/pages/AccessControlPage')).AccessControlPage,
                }),
              },
              {
                element: <RequireAction action="access.manage" />,
                children: [
                  {
                    path: 'access-control/devices/:id',
                    lazy: async () => ({
                      Component: (await import('@/features/access/pages/DevicePage')).DevicePage,
                    }),
                  },
                ],
              },
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('@/features/account/pages/ProfilePage')).ProfilePage,
                }),
              },
              {
                Component: RequireManager,
                children: [
                  {
                    path: 'team',
                    lazy: async () => ({
                      Component: (await import('@/features/team/pages/TeamPage')).TeamPage,
                    }),
                  },
                ],
              },
              {
                Component: RequireAdmin,
                children: [
                  {
                    path: 'video',
                    lazy: async () => ({
                      Component: (await import('@/features/video/pages/VideoPage')).VideoPage,
                    }),
                  },
                  {
                    path: 'people-counting',
                    lazy: async () => ({
                      Component: (await import('@/features/counting/pages/PeopleCountingPage'))
                        .PeopleCountingPage,
                    }),
                  },
                  {
                    path: 'settings',
                    lazy: async () => ({
                      Component: (await import('@/app/pages/OrganisationPage')).OrganisationPage,
                    }),
                  },
                  {
                    path: 'settings/people/:id',
                    lazy: async () => ({
                      Component: (await import('@/features/people/pages/PersonPage')).PersonPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireAction action="reports.view" />,
                children: [
                  {
                    path: 'reports',
                    lazy: async () => ({
                      Component: (await import('@/features/reports/pages/ReportsPage')).ReportsPage,
                    }),
                  },
                ],
              },
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
];

export { routes };
