import type { AccessLevel } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  checkLevelForm,
  hasErrors,
  type LevelForm,
  levelForm,
  newDoorRow,
  serverLevelErrors,
} from './level-form';

const row = (overrides: Partial<ReturnType<typeof newDoorRow>> = {}) => ({ ...newDoorRow(), ...overrides });

const form = (overrides: Partial<LevelForm> = {}): LevelForm => ({
  name: 'Warehouse',
  description: 'Dock staff',
  doors: [row({ access_point_id: '3', days: [5, 1, 2, 3, 4], starts: '06:00', ends: '20:00' })],
  ...overrides,
});

describe('checkLevelForm', () => {
  it('sends what the contract parses: ids as numbers, days in order, names trimmed', () => {
    const checked = checkLevelForm(form({ name: '  Warehouse  ' }));
    expect(checked).toEqual({
      ok: true,
      data: {
        name: 'Warehouse',
        description: 'Dock staff',
        doors: [{ access_point_id: 3, days: [1, 2, 3, 4, 5], starts: '06:00', ends: '20:00' }],
      },
    });
  });

  it('keeps 24:00 as the end of the day', () => {
    const checked = checkLevelForm(form({ doors: [row({ access_point_id: '1' })] }));
    expect(checked.ok && checked.data.doors[0]).toEqual({
      access_point_id: 1,
      days: [1, 2, 3, 4, 5, 6, 7],
      starts: '00:00',
      ends: '24:00',
    });
  });

  it('names the field and the rule, per door row', () => {
    const checked = checkLevelForm(
      form({
        name: '   ',
        doors: [
          row({ access_point_id: '' }),
          row({ access_point_id: '2', days: [] }),
          row({ access_point_id: '4', starts: '18:00', ends: '08:00' }),
        ],
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name).toBe('Name is required');
    expect(checked.errors.rows).toEqual({
      0: { access_point_id: 'Choose a door' },
      1: { days: 'Choose at least one day' },
      2: { ends: 'End must be after the start' },
    });
  });

  it('refuses a level without doors, and a door listed twice on the row that repeats it', () => {
    const none = checkLevelForm(form({ doors: [] }));
    expect(!none.ok && none.errors.doors).toBe('Doors must list at least one door');

    const twice = checkLevelForm(
      form({ doors: [row({ access_point_id: '2' }), row({ access_point_id: '2' })] }),
    );
    expect(twice.ok).toBe(false);
    if (twice.ok) return;
    expect(twice.errors.doors).toBe('Doors must not list a door twice');
    expect(twice.errors.rows).toEqual({ 1: { access_point_id: 'This door is listed already' } });
    expect(hasErrors(twice.errors)).toBe(true);
  });

  it('refuses a name longer than the contract allows', () => {
    const checked = checkLevelForm(form({ name: 'x'.repeat(101) }));
    expect(!checked.ok && checked.errors.name).toBe('Name must be at most 100 characters');
  });
});

describe('serverLevelErrors', () => {
  it("puts a server refusal's message under the field or door row it names", () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid', [
      { field: 'name', rule: 'unique', message: 'Name is taken by another level' },
      { field: 'doors.0.ends', rule: 'custom', message: 'Doors 0 ends must end after it starts' },
      { field: 'doors.0.access_point_id', rule: 'exists', message: 'No such access point' },
      { field: 'somewhere.else', rule: 'x', message: 'Not ours' },
    ]);
    const errors = serverLevelErrors(error, form());
    expect(errors).toEqual({
      name: 'Name is taken by another level',
      rows: { 0: { ends: 'Doors 0 ends must end after it starts', access_point_id: 'No such access point' } },
    });
  });

  it('is empty for a failure that names no field', () => {
    expect(hasErrors(serverLevelErrors(new ApiError(500, 'internal', 'Oops'), form()))).toBe(false);
    expect(hasErrors(serverLevelErrors(new Error('x'), form()))).toBe(false);
  });
});

describe('levelForm', () => {
  it("fills the form with a level's doors, times in minutes", () => {
    const level: AccessLevel = {
      id: 1,
      name: 'Dock',
      description: '',
      doors: [{ access_point_id: 7, access_point: 'Dock', days: [6, 7], starts: '06:00:00', ends: '24:00' }],
      department_grants: 0,
      person_grants: 0,
    };
    const filled = levelForm(level);
    expect(filled.doors.map(({ key: _key, ...rest }) => rest)).toEqual([
      { access_point_id: '7', days: [6, 7], starts: '06:00', ends: '24:00' },
    ]);
    expect(levelForm(null).doors).toHaveLength(1);
  });
});
