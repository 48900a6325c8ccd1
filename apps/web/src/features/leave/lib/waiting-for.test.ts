import { describe, expect, it } from 'vitest';
import { waitingFor } from './format';

const pending = {
  status: 'pending' as const,
  approval_step: 'manager' as const,
  approver: { id: 7, name: 'Sam Rivera' },
  admin_step: false,
  manager_approved_by: null,
};

describe('waitingFor', () => {
  it('names the approver, or says "you" to the approver', () => {
    expect(waitingFor(pending)).toBe('Waiting for Sam Rivera');
    expect(waitingFor(pending, 7)).toBe('Waiting for you');
    expect(waitingFor({ ...pending, admin_step: true }, 7)).toBe('Waiting for you (then an administrator)');
  });

  it('says an administrator decides next, and nothing once decided', () => {
    expect(
      waitingFor({
        ...pending,
        approval_step: 'admin',
        approver: null,
        manager_approved_by: { id: 7, name: 'Sam Rivera' },
      }),
    ).toBe('Approved by Sam Rivera; waiting for an administrator');
    expect(waitingFor({ ...pending, status: 'approved', approval_step: null })).toBeNull();
  });
});
