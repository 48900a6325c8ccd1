import { createHash } from 'node:crypto';
import type { DevicePerson, WeekPlan } from '../../../devices/hikvision/people';
import type { DesiredRow, MirrorRow } from './sync.repository';

/** What a controller needs written to hold exactly what Atrium means it to. */
export interface SyncPlan {
  /** Schedules not yet on the device, with the plan numbers they take. */
  plans: (WeekPlan & { schedule: string })[];
  deletes: string[];
  upserts: { person: DevicePerson; fingerprint: string; oldCard: string | null }[];
}

/** A device's plan numbers run 1 to 255 (ISAPI's limit for right plan templates). */
const MAX_PLAN = 255;

/** "1,2,3,4,5 06:00-20:00" as a week plan. */
export function parseSchedule(schedule: string, planNo: number): WeekPlan {
  const [days = '', span = ''] = schedule.split(' ');
  const [starts = '00:00', ends = '24:00'] = span.split('-');
  return { planNo, days: days.split(',').map(Number), starts, ends };
}

function fingerprintOf(p: DevicePerson): string {
  return createHash('sha256')
    .update(JSON.stringify([p.name, p.validFrom, p.validUntil, p.plans, p.cardNo]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Compares what should be on the device with what Atrium last wrote there. A schedule keeps the
 * plan number it was given, so a new schedule does not rewrite everyone's door rights; people on
 * the device that nobody means to be there (`onDevice`, read back on a resync) are deleted too.
 */
export function planSync(
  desired: DesiredRow[],
  mirror: MirrorRow[],
  plansOnDevice: { plan_no: number; schedule: string }[],
  onDevice: string[] = [],
): SyncPlan {
  const planNo = new Map(plansOnDevice.map((p) => [p.schedule, p.plan_no]));
  const taken = new Set(plansOnDevice.map((p) => p.plan_no));
  const plans: SyncPlan['plans'] = [];
  let next = 1;
  const numberFor = (schedule: string): number => {
    const known = planNo.get(schedule);
    if (known !== undefined) return known;
    while (taken.has(next)) next += 1;
    if (next > MAX_PLAN) throw new Error(`The device holds at most ${MAX_PLAN} schedules`);
    taken.add(next);
    planNo.set(schedule, next);
    plans.push({ ...parseSchedule(schedule, next), schedule });
    return next;
  };

  const written = new Map(mirror.map((m) => [m.employee_no, m]));
  const wanted = new Set<string>();
  const upserts: SyncPlan['upserts'] = [];
  for (const d of [...desired].sort((a, b) => a.employee_no.localeCompare(b.employee_no))) {
    wanted.add(d.employee_no);
    const person: DevicePerson = {
      employeeNo: d.employee_no,
      name: d.name,
      validFrom: d.valid_from,
      validUntil: d.valid_until,
      plans: [...new Set(d.schedules.map(numberFor))].sort((a, b) => a - b),
      cardNo: d.card_no,
    };
    const fingerprint = fingerprintOf(person);
    const before = written.get(d.employee_no);
    if (before?.fingerprint !== fingerprint)
      upserts.push({ person, fingerprint, oldCard: before?.card_no ?? null });
  }
  const deletes = [...new Set([...written.keys(), ...onDevice])].filter((e) => !wanted.has(e)).sort();
  return { plans, deletes, upserts };
}
