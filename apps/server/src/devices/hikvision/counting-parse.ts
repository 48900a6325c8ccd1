import { asObject, integer, PushFormatError, parseDeviceTime, text } from './parse';

/** Counts over a window the counter measured itself (statisticalMethods timeRange). */
export interface CountingWindowReading {
  method: 'timeRange';
  start: Date;
  end: Date;
  entries: number;
  exits: number;
  passby: number;
}

/** Cumulative counts since the counter's daily reset (statisticalMethods realTime). */
export interface CountingCumulativeReading {
  method: 'realTime';
  at: Date;
  entries: number;
  exits: number;
  passby: number;
}

export type CountingReading = CountingWindowReading | CountingCumulativeReading;

const MAX_COUNT = 10_000_000;

function count(value: unknown, field: string): number {
  const n = integer(value, field) ?? 0;
  if (n < 0 || n > MAX_COUNT) throw new PushFormatError(`${field} must be from 0 to ${MAX_COUNT}, got ${n}`);
  return n;
}

/**
 * Reads an ISAPI `PeopleCounting` event (XML or JSON, already parsed into an object):
 * `peopleCounting.statisticalMethods` says whether it carries a window or a cumulative reading.
 * Field names vary in case between firmwares (`TimeRange` / `timeRange`), so both are read.
 */
export function readCounting(alert: Record<string, unknown>, timeZone: string): CountingReading {
  const body = asObject(alert.peopleCounting ?? alert.PeopleCounting);
  if (!body) throw new PushFormatError('peopleCounting is required for eventType PeopleCounting');
  const method = text(body.statisticalMethods ?? body.statisticalMethod, 32);
  const entries = count(body.enter ?? body.enterNum, 'peopleCounting.enter');
  const exits = count(body.exit ?? body.exitNum, 'peopleCounting.exit');
  const passby = count(body.pass ?? body.passNum ?? body.passby, 'peopleCounting.pass');

  if (method === 'timeRange') {
    const range = asObject(body.TimeRange ?? body.timeRange);
    if (!range) throw new PushFormatError('peopleCounting.TimeRange is required for timeRange');
    const start = parseDeviceTime(range.startTime, timeZone);
    const end = parseDeviceTime(range.endTime, timeZone);
    const span = end.getTime() - start.getTime();
    if (span <= 0) throw new PushFormatError('peopleCounting.TimeRange.endTime must be after startTime');
    if (span > 24 * 3600_000) throw new PushFormatError('peopleCounting.TimeRange must not exceed one day');
    return { method, start, end, entries, exits, passby };
  }
  if (method === 'realTime') {
    const realTime = asObject(body.RealTime ?? body.realTime);
    const at = parseDeviceTime(realTime?.time ?? alert.dateTime, timeZone);
    return { method, at, entries, exits, passby };
  }
  throw new PushFormatError(
    `peopleCounting.statisticalMethods must be timeRange or realTime, got "${method ?? ''}"`,
  );
}
