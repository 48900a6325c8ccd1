import { type AccessLevel, CreateAccessLevelRequest } from '@atrium/contract';
import { isApiError } from '@/lib/api';

/** One door row of the level form, as its controls hold it (the select's value is text). */
export interface DoorRow {
  /** Keeps React's rows apart while rows are added and removed. */
  key: number;
  access_point_id: string;
  days: number[];
  /** "HH:MM"; ends "24:00" is the end of the day. */
  starts: string;
  ends: string;
}

export interface LevelForm {
  name: string;
  description: string;
  doors: DoorRow[];
}

export type DoorField = 'access_point_id' | 'days' | 'starts' | 'ends';
export type DoorErrors = Partial<Record<DoorField, string>>;

/** The form's messages: per field, for the door list as a whole, and per door row (by index). */
export interface LevelFormErrors {
  name?: string;
  description?: string;
  doors?: string;
  rows: Record<number, DoorErrors>;
}

const LABELS = { name: 'Name', description: 'Description', doors: 'Doors' } as const;
const DOOR_LABELS: Record<DoorField, string> = {
  access_point_id: 'Door',
  days: 'Days',
  starts: 'Start',
  ends: 'End',
};
/** The form's own sentence where "<label> <contract rule>" would read badly. */
const DOOR_WORDING: Partial<Record<DoorField, Partial<Record<string, string>>>> = {
  access_point_id: { invalid_type: 'Choose a door' },
  days: { too_small: 'Choose at least one day' },
  ends: { custom: 'End must be after the start' },
};

let nextKey = 1;

/** A new door row: every day, all day, as the contract's defaults are. */
export function newDoorRow(): DoorRow {
  return { key: nextKey++, access_point_id: '', days: [1, 2, 3, 4, 5, 6, 7], starts: '00:00', ends: '24:00' };
}

export function levelForm(level: AccessLevel | null): LevelForm {
  if (!level) return { name: '', description: '', doors: [newDoorRow()] };
  return {
    name: level.name,
    description: level.description,
    doors: level.doors.map((door) => ({
      key: nextKey++,
      access_point_id: String(door.access_point_id),
      days: [...door.days],
      starts: door.starts.slice(0, 5),
      ends: door.ends.slice(0, 5),
    })),
  };
}

/** The request the form stands for: ids as numbers (none when no door is chosen), days in order. */
export function levelRequest(form: LevelForm) {
  return {
    name: form.name,
    description: form.description,
    doors: form.doors.map((row) => ({
      access_point_id: row.access_point_id === '' ? undefined : Number(row.access_point_id),
      days: [...row.days].sort((a, b) => a - b),
      starts: row.starts,
      ends: row.ends,
    })),
  };
}

/** The messages of door row `index`, made on first use. */
function rowOf(errors: LevelFormErrors, index: number): DoorErrors {
  errors.rows[index] ??= {};
  return errors.rows[index];
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/** The first message per field and per door row field, from the contract's issues. */
function errorsOf(issues: readonly Issue[], form: LevelForm): LevelFormErrors {
  const errors: LevelFormErrors = { rows: {} };
  for (const issue of issues) {
    const [field, index, doorField] = issue.path;
    if (field === 'doors' && typeof index === 'number') {
      const key = (
        typeof doorField === 'string' && doorField in DOOR_LABELS ? doorField : 'access_point_id'
      ) as DoorField;
      const row = rowOf(errors, index);
      row[key] ??= DOOR_WORDING[key]?.[issue.code ?? ''] ?? `${DOOR_LABELS[key]} ${issue.message}`;
    } else if (field === 'name' || field === 'description' || field === 'doors') {
      errors[field] ??= `${LABELS[field]} ${issue.message}`;
    }
  }
  // "must not list a door twice" is about the list; the rows that repeat a door say which.
  const seen = new Set<string>();
  form.doors.forEach((row, index) => {
    if (row.access_point_id === '') return;
    if (seen.has(row.access_point_id)) rowOf(errors, index).access_point_id ??= 'This door is listed already';
    seen.add(row.access_point_id);
  });
  return errors;
}

export const hasErrors = (errors: LevelFormErrors) =>
  Boolean(errors.name || errors.description || errors.doors || Object.keys(errors.rows).length > 0);

export type CheckedLevel =
  | { ok: true; data: CreateAccessLevelRequest }
  | { ok: false; errors: LevelFormErrors };

/**
 * The form checked with the contract's own CreateAccessLevelRequest, so it refuses exactly what the
 * server would (a door twice, no day, an end before the start) before anything is sent.
 */
export function checkLevelForm(form: LevelForm): CheckedLevel {
  const parsed = CreateAccessLevelRequest.safeParse(levelRequest(form));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: errorsOf(parsed.error.issues, form) };
}

/**
 * The field messages of a server 4xx whose details name a field ("name", "doors.1.ends"): under
 * the field they name. Empty when the refusal names none of the form's fields.
 */
export function serverLevelErrors(error: unknown, form: LevelForm): LevelFormErrors {
  const errors: LevelFormErrors = { rows: {} };
  if (!isApiError(error) || !Array.isArray(error.details)) return errors;
  for (const detail of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof detail.field !== 'string') continue;
    const [field, index, doorField] = detail.field.split('.');
    const message = String(detail.message);
    if (
      field === 'doors' &&
      index !== undefined &&
      /^\d+$/.test(index) &&
      Number(index) < form.doors.length
    ) {
      const key = (doorField && doorField in DOOR_LABELS ? doorField : 'access_point_id') as DoorField;
      rowOf(errors, Number(index))[key] ??= message;
    } else if (field === 'name' || field === 'description' || field === 'doors') {
      errors[field] ??= message;
    }
  }
  return errors;
}
