import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAction } from './guard/RequireAction';
import { ALL_PAGES } from './layout/nav-items';
import { routes } from './routes';

/** Every path the router serves, nested paths joined. */
function routedPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path ? [here] : [];
    return [...own, ...routedPaths(route.children ?? [], here)];
  });
}

// The e2e accessibility spec visits the navigation's and the user menu's items: a page the router
// serves but both leave out would go unchecked, so the two lists must agree. Pages that need an id
// (a ':param' in the path) cannot be listed and are left to their own specs.
describe('routes and navigation', () => {
  it('every signed-in page is a navigation or user-menu item, and every item is routed', () => {
    // The pages before sign-in are no navigation items.
    const publicPages = ['/login', '/forgot-password'];
    const pages = routedPaths(routes).filter(
      (path) => !publicPages.includes(path) && path !== '/*' && !path.includes(':'),
    );
    expect([...pages].sort()).toEqual(ALL_PAGES.map((item) => item.to).sort());
  });
});

/** The route that holds a child at `path`, anywhere in the tree. */
function parentOf(list: RouteObject[], path: string): RouteObject | undefined {
  for (const route of list) {
    if (route.children?.some((child) => child.path === path)) return route;
    const found = parentOf(route.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

describe('the Reports route', () => {
  it('is guarded by the reports.view policy, so managers reach it (their team) and staff do not', () => {
    const guard = parentOf(routes, 'reports')?.element;
    expect(isValidElement(guard) && guard.type === RequireAction).toBe(true);
    expect(isValidElement<{ action: string }>(guard) && guard.props.action).toBe('reports.view');
  });
});
