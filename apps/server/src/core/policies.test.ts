import { ACTIONS, type Action, allows, allowsAll, type Role } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { AppError } from './errors';
import { authorize, can, listScope, withinReach } from './policies';

const actor = (role: Role, userId = 1, departmentId: number | null = 10): Actor => ({
  userId,
  role,
  sessionId: 's',
  ip: '127.0.0.1',
  departmentId,
});
const admin = actor('admin', 1);
const staff = actor('staff', 2);

/**
 * What each action should allow, written out by hand so that a change to the table is a
 * deliberate change here too. `own`: only their own data; `all`: everyone's; absent: 403.
 */
const expected: Record<Action, { admin?: 'all' | 'own'; staff?: 'all' | 'own' }> = {
  'account.self': { admin: 'own', staff: 'own' },
  'attendance.self': { admin: 'own', staff: 'own' },
  'attendance.view': { admin: 'all', staff: 'own' },
  'attendance.manage': { admin: 'all' },
  'attendance.request': { admin: 'own', staff: 'own' },
  'attendance.decide': { admin: 'all' },
  'leave.apply': { admin: 'own', staff: 'own' },
  'leave.view': { admin: 'all', staff: 'own' },
  'leave.decide': { admin: 'all' },
  'leave.configure': { admin: 'all' },
  'leave.types': { admin: 'all', staff: 'all' },
  'dashboard.self': { admin: 'own', staff: 'own' },
  'dashboard.organisation': { admin: 'all' },
  'system.health': { admin: 'all' },
  'audit.view': { admin: 'all' },
  'people.departments': { admin: 'all', staff: 'all' },
  'people.view': { admin: 'all' },
  'people.manage': { admin: 'all' },
  'organisation.manage': { admin: 'all' },
  'organisation.calendar': { admin: 'all', staff: 'all' },
  'access.self': { admin: 'own', staff: 'own' },
  'access.view': { admin: 'all' },
  'access.manage': { admin: 'all' },
  'video.view': { admin: 'all' },
  'video.manage': { admin: 'all' },
  'counting.view': { admin: 'all' },
  'counting.manage': { admin: 'all' },
  'reports.view': { admin: 'all' },
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
        ['staff', staff],
      ] as const) {
        const reach = expected[action][role];
        const other = { userId: 99, departmentId: 77 };
        const mine = { userId: subject.userId, departmentId: subject.departmentId };
        expect(allows(subject, action), `${role} may ${action}`).toBe(reach !== undefined);
        expect(allowsAll(subject, action)).toBe(reach === 'all');
        expect(can(subject, action)).toBe(reach !== undefined);
        expect(can(subject, action, mine)).toBe(reach !== undefined);
        expect(can(subject, action, other), `${role} on someone else's data`).toBe(reach === 'all');
        expect(forbids(() => authorize(subject, action, other))).toBe(reach !== 'all');
        if (reach === undefined) expect(forbids(() => listScope(subject, action))).toBe(true);
        else expect(listScope(subject, action)).toEqual(reach === 'all' ? {} : { userId: subject.userId });
      }
    });
  }
});

describe('reach', () => {
  it('lets a department reach cover its own department only, and never a person without one', () => {
    const manager = actor('staff', 5, 10);
    expect(withinReach(manager, 'department', { userId: 6, departmentId: 10 })).toBe(true);
    expect(withinReach(manager, 'department', { userId: 6, departmentId: 11 })).toBe(false);
    expect(withinReach(manager, 'department', { userId: 6, departmentId: null })).toBe(false);
    expect(withinReach(actor('staff', 5, null), 'department', { userId: 6, departmentId: null })).toBe(false);
    expect(withinReach(manager, 'department', { userId: 5 })).toBe(true);
  });

  it('keeps own reach to the actor, and all reach to everyone', () => {
    expect(withinReach(staff, 'own', { userId: staff.userId })).toBe(true);
    expect(withinReach(staff, 'own', { userId: 3, departmentId: staff.departmentId })).toBe(false);
    expect(withinReach(staff, 'all', { userId: 3 })).toBe(true);
  });
});
