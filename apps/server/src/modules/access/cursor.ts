import { AppError } from '../../core/errors';

/**
 * Keyset cursors: the position after the last row of a page, opaque to clients (base64url of
 * "rank.milliseconds.id"). A cursor that does not decode answers 400 naming `cursor`.
 */
export interface Position {
  rank: number;
  at: Date;
  id: number;
}

export function encodeCursor(p: Position): string {
  return Buffer.from(`${p.rank}.${p.at.getTime()}.${p.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  const m = /^(\d{1,2})\.(-?\d{1,15})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const at = m ? new Date(Number(m[2])) : undefined;
  if (!m || !at || Number.isNaN(at.getTime()) || !Number.isSafeInteger(Number(m[3]))) {
    const message = 'The cursor must be one returned by the previous page';
    throw new AppError('validation_failed', message, [{ field: 'cursor', rule: 'format', message }]);
  }
  return { rank: Number(m[1]), at, id: Number(m[3]) };
}

/** Cuts the extra row a query fetched to learn whether another page exists. */
export function page<T>(rows: T[], limit: number, position: (row: T) => Position) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items, next_cursor: more && last ? encodeCursor(position(last)) : null };
}
