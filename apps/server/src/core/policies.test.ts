import {
  ACTIONS,
  type Action,
  allows,
  allowsAll,
  reachOf,
  type SessionRole,
  SITE_ACTIONS,
} from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { AppError } from './errors';
import { authorize, can, departmentsWithin, listScope, withinReach } from './policies';

const actor = (role: SessionRole, userId = 1, teamDepartmentIds: number[] = []): Actor => ({
  userId,
  role,
  sessionId: 's',
  ip: '127.0.0.1',
  teamDepartmentIds,
});
const admin = actor('admin', 1);
const staff = actor('staff', 2);
/** Manages departments 10 and 11 (11 sits inside 10, say). */
const manager = actor('manager', 3, [10, 11]);

/**
 * What each action should allow, written out by hand so that a change to the table is a
 * deliberate change here too. `own`: only their own data; `all`: everyone's; absent: 403.
 */
type Expected = 'all' | 'team' | 'own';
const expected: Record<Action, { admin?: Expected; manager?: Expected; staff?: Expected }> = {
  'account.self': { admin: 'own', manager: 'own', staff: 'own' },
  'attendance.self': { admin: 'own', manager: 'own', staff: 'own' },
  'attendance.view': { admin: 'all', manager: 'team', staff: 'own' },
  'attendance.manage': { admin: 'all' },
  'attendance.export': { admin: 'all', manager: 'team' },
  'attendance.request': { admin: 'own', manager: 'own', staff: 'own' },
  'attendance.decide': { admin: 'all' },
  'leave.apply': { admin: 'own', manager: 'own', staff: 'own' },
  'leave.view': { admin: 'all', manager: 'team', staff: 'own' },
  'leave.decide': { admin: 'all', manager: 'team' },
  'leave.configure': { admin: 'all' },
  'leave.types': { admin: 'all', manager: 'all', staff: 'all' },
  'dashboard.self': { admin: 'own', manager: 'own', staff: 'own' },
  'dashboard.organisation': { admin: 'all' },
  'system.health': { admin: 'all' },
  'audit.view': { admin: 'all' },
  'people.departments': { admin: 'all', manager: 'all', staff: 'all' },
  'people.directory': { admin: 'all', manager: 'all' },
  'people.view': { admin: 'all' },
  'people.manage': { admin: 'all' },
  'organisation.manage': { admin: 'all' },
  'organisation.calendar': { admin: 'all', manager: 'all', staff: 'all' },
  'sites.view': { admin: 'all', manager: 'all', staff: 'all' },
  'sites.manage': { admin: 'all' },
  'tokens.manage': { admin: 'all' },
  'access.self': { admin: 'own', manager: 'own', staff: 'own' },
  'access.view': { admin: 'all' },
  'access.manage': { admin: 'all' },
  'video.view': { admin: 'all' },
  'video.manage': { admin: 'all' },
  'counting.view': { admin: 'all' },
  'counting.manage': { admin: 'all' },
  'reports.view': { admin: 'all', manager: 'team' },
};

const forbids = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError && error.status === 403;
  }
  return false;
};

describe('the policy table', () => {
  it('names every action <domain>.<verb> and has an expectation for each', () => {
    for (const action of ACTIONS) expect(action).toMatch(/^[a-z]+\.[a-z]+$/);
    expect(Object.keys(expected).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    it(`${action}: ${JSON.stringify(expected[action])}`, () => {
      for (const [role, subject] of [
        ['admin', admin],
        ['manager', manager],
        ['staff', staff],
      ] as const) {
        const reach = expected[action][role];
        const other = { userId: 99, departmentId: 77 };
        const team = { userId: 98, departmentId: 11 };
        const mine = { userId: subject.userId, departmentId: 12 };
        expect(allows(subject, action), `${role} may ${action}`).toBe(reach !== undefined);
        expect(allowsAll(subject, action)).toBe(reach === 'all');
        expect(can(subject, action)).toBe(reach !== undefined);
        expect(can(subject, action, mine)).toBe(reach !== undefined);
        expect(can(subject, action, other), `${role} on someone else's data`).toBe(reach === 'all');
        expect(can(subject, action, team), `${role} on their team's data`).toBe(
          reach === 'all' || reach === 'team',
        );
        expect(forbids(() => authorize(subject, action, other))).toBe(reach !== 'all');
        if (reach === undefined) expect(forbids(() => listScope(subject, action))).toBe(true);
        else
          expect(listScope(subject, action)).toEqual(
            reach === 'all'
              ? {}
              : reach === 'team'
                ? { departmentIds: [10, 11] }
                : { userId: subject.userId },
          );
      }
    });
  }
});

describe('reach', () => {
  it("lets a team reach cover the manager's departments only, and never a person without one", () => {
    expect(withinReach(manager, 'team', { userId: 6, departmentId: 10 })).toBe(true);
    expect(withinReach(manager, 'team', { userId: 6, departmentId: 11 })).toBe(true);
    expect(withinReach(manager, 'team', { userId: 6, departmentId: 12 })).toBe(false);
    expect(withinReach(manager, 'team', { userId: 6, departmentId: null })).toBe(false);
    expect(withinReach(manager, 'team', { userId: 6 })).toBe(false);
    expect(withinReach(actor('manager', 5), 'team', { userId: 6, departmentId: 10 })).toBe(false);
    expect(withinReach(manager, 'team', { userId: manager.userId })).toBe(true);
  });

  it("narrows a chosen department to the team's", () => {
    expect(departmentsWithin({}, undefined)).toBeUndefined();
    expect(departmentsWithin({}, 4)).toEqual([4]);
    expect(departmentsWithin({ departmentIds: [10, 11] }, undefined)).toEqual([10, 11]);
    expect(departmentsWithin({ departmentIds: [10, 11] }, 11)).toEqual([11]);
    expect(departmentsWithin({ departmentIds: [10, 11] }, 4)).toEqual([]);
  });

  it('keeps own reach to the actor, and all reach to everyone', () => {
    expect(withinReach(staff, 'own', { userId: staff.userId })).toBe(true);
    expect(withinReach(staff, 'own', { userId: 3, departmentId: 10 })).toBe(false);
    expect(withinReach(staff, 'all', { userId: 3 })).toBe(true);
  });
});

describe('a site administrator (an administrator limited to sites 5 and 7)', () => {
  const siteAdmin: Actor = { ...actor('admin', 4), siteIds: [5, 7] };

  for (const action of ACTIONS) {
    const reach = SITE_ACTIONS.has(action) ? 'site' : (expected[action].staff ?? null);
    it(`${action}: ${reach ?? 'refused'}`, () => {
      expect(reachOf(siteAdmin, action)).toBe(reach);
      if (reach === null) expect(forbids(() => authorize(siteAdmin, action))).toBe(true);
    });
  }

  it('reaches the rows of their sites only, and refuses an action that does not say where', () => {
    expect(can(siteAdmin, 'access.manage', { siteId: 5 })).toBe(true);
    expect(can(siteAdmin, 'video.manage', { siteId: 7 })).toBe(true);
    expect(can(siteAdmin, 'people.manage', { userId: 20, departmentId: 3, siteId: 5 })).toBe(true);
    expect(can(siteAdmin, 'access.manage', { siteId: 6 })).toBe(false);
    expect(can(siteAdmin, 'people.manage', { userId: 20, departmentId: 3 })).toBe(false);
    expect(forbids(() => authorize(siteAdmin, 'counting.manage'))).toBe(true);
    // Until a list is narrowed to their sites, it is refused them rather than shown whole.
    expect(forbids(() => listScope(siteAdmin, 'people.view'))).toBe(true);
  });

  it('leaves an administrator without sites every site, and a manager or staff with stray rows their role', () => {
    expect(reachOf(admin, 'access.manage')).toBe('all');
    expect(reachOf({ role: 'staff', siteIds: [5] }, 'access.manage')).toBeNull();
    expect(reachOf({ role: 'manager', siteIds: [5] }, 'leave.decide')).toBe('team');
  });
});
