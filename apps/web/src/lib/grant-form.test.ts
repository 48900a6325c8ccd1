import { describe, expect, it } from 'vitest';
import { checkGrantForm } from './grant-form';

const noDates = { valid_from: '', valid_until: '' };

describe('checkGrantForm', () => {
  it('sends a department grant without dates', () => {
    expect(checkGrantForm(4, { kind: 'department', id: 2 }, noDates)).toEqual({
      ok: true,
      data: { level_id: 4, department_id: 2 },
    });
  });

  it('sends a person grant with its dates', () => {
    expect(
      checkGrantForm(4, { kind: 'person', id: 9 }, { valid_from: '2026-01-01', valid_until: '2026-03-31' }),
    ).toEqual({
      ok: true,
      data: { level_id: 4, user_id: 9, valid_from: '2026-01-01', valid_until: '2026-03-31' },
    });
  });

  it('asks for the one missing: a department, a person or a level', () => {
    const department = checkGrantForm(4, { kind: 'department', id: null }, noDates);
    expect(!department.ok && department.errors).toEqual({ department_id: 'Choose a department' });
    const person = checkGrantForm(4, { kind: 'person', id: null }, noDates);
    expect(!person.ok && person.errors).toEqual({ user_id: 'Choose a person' });
    const level = checkGrantForm(null, { kind: 'person', id: 3 }, noDates);
    expect(!level.ok && level.errors).toEqual({ level_id: 'Choose an access level' });
  });

  it('refuses a last day before the first, in the form’s words', () => {
    const checked = checkGrantForm(
      4,
      { kind: 'person', id: 3 },
      { valid_from: '2026-05-02', valid_until: '2026-05-01' },
    );
    expect(!checked.ok && checked.errors).toEqual({
      valid_until: 'Valid until must not be before Valid from',
    });
  });
});
