import type { authApi, EndpointDef, ssoApi, systemApi } from '@atrium/contract';

/**
 * An endpoint as the app shell names it (sign-in, session, app-info) without loading the
 * contract's schemas into the initial bundle: its method and path, checked against the
 * definition's literal types, so a wrong path or method still fails to compile.
 */
export interface EndpointRef<E extends EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries E for inference. */
  readonly endpoint?: E;
}

function endpointRef<E extends EndpointDef>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path };
}

/**
 * The endpoints the app shell calls before any page has loaded (session, sign-in, token renewal,
 * app-info); pages call the contract's endpoint objects themselves.
 */
export const shellApi = {
  login: endpointRef<typeof authApi.login>('POST', '/auth/login'),
  refresh: endpointRef<typeof authApi.refresh>('POST', '/auth/refresh'),
  me: endpointRef<typeof authApi.me>('GET', '/auth/me'),
  logout: endpointRef<typeof authApi.logout>('POST', '/auth/logout'),
  appInfo: endpointRef<typeof systemApi.appInfo>('GET', '/app-info'),
  ssoLogoutUrl: endpointRef<typeof ssoApi.ssoLogoutUrl>('GET', '/auth/oidc/logout-url'),
};
