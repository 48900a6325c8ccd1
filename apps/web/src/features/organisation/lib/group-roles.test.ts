import { describe, expect, it } from 'vitest';
import { parseGroupRoles, showGroupRoles } from './group-roles';

describe('group roles', () => {
  it('reads "group = role" lines, skipping blank ones, and shows them back', () => {
    const parsed = parseGroupRoles('atrium-admins = admin\n\nshift leads=Manager\n');
    expect(parsed).toEqual({
      ok: true,
      value: [
        { group: 'atrium-admins', role: 'admin' },
        { group: 'shift leads', role: 'manager' },
      ],
    });
    expect(showGroupRoles(parsed.ok ? parsed.value : [])).toBe(
      'atrium-admins = admin\nshift leads = manager',
    );
  });

  it('names the first line that is not a group and a role', () => {
    expect(parseGroupRoles('a = admin\nb = boss')).toEqual({
      ok: false,
      error: 'Line 2 must read "group = admin", "group = manager" or "group = staff"',
    });
    expect(parseGroupRoles('= staff').ok).toBe(false);
  });
});
