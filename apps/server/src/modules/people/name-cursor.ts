import { AppError } from '../../core/errors';
import type { NamePosition } from './people.repository';

/** Keyset cursors over people in name order: base64url of JSON [last name, first name, id]. */
export function encodeNameCursor(p: NamePosition): string {
  return Buffer.from(JSON.stringify([p.lastName, p.firstName, p.id])).toString('base64url');
}

export function decodeNameCursor(cursor: string | undefined): NamePosition | undefined {
  if (cursor === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    value = undefined;
  }
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    Number.isInteger(value[2]) &&
    value[2] > 0 &&
    value[2] <= 2_147_483_647 &&
    !/\0/.test(value[0] + value[1])
  ) {
    return { lastName: value[0], firstName: value[1], id: value[2] };
  }
  const message = 'The cursor must be one returned by the previous page';
  throw new AppError('validation_failed', message, [{ field: 'cursor', rule: 'format', message }]);
}
