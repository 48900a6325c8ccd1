import type { authApi, systemApi } from '@atrium/contract';
import { endpointRef } from './api-client';

/**
 * The endpoints the app shell calls before any page has loaded (session, sign-in, app-info).
 * Named by method and path checked against the contract's types, so the contract's schemas and
 * zod stay out of the initial bundle; pages call the contract's endpoint objects themselves.
 */
export const shellApi = {
  login: endpointRef<typeof authApi.login>('POST', '/auth/login'),
  me: endpointRef<typeof authApi.me>('GET', '/auth/me'),
  logout: endpointRef<typeof authApi.logout>('POST', '/auth/logout'),
  appInfo: endpointRef<typeof systemApi.appInfo>('GET', '/app-info'),
};
