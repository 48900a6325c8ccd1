import type { CopyHolidaysRequest, Holiday, HolidayRequest } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError, notFound } from '../../core/errors';
import { authorize } from '../../core/policies';
import { displayDate } from '../../core/text';
import { TransactionHooks } from '../../core/transaction-hooks';
import type { Db } from '../../db/connection';
import { requireSite } from '../../db/row-exists';
import {
  dateTakenFor,
  deleteHoliday,
  findHoliday,
  type HolidayInput,
  insertFreeHolidays,
  insertHoliday,
  listHolidays,
  lockHolidayWrites,
  siteOfPerson,
  updateHoliday,
} from './holidays.repository';
import { toHoliday } from './organisation.presenter';

const dateTaken = (date: string) =>
  new AppError('conflict', `${displayDate(date)} already has a public holiday`, [
    { field: 'date', rule: 'unique', message: `${displayDate(date)} already has a public holiday` },
  ]);

/** A date whose holidays changed, at one site or (null) at every site. */
export interface HolidayChange {
  date: string;
  siteId: number | null;
}

export interface HolidaysChanged {
  actor: Actor;
  changes: HolidayChange[];
  /** Why, as the audit log shows it ("Public holiday 2026-12-24 declared"). */
  note: string;
}

/**
 * The public holidays: each of one site or of every site, one holiday per date and site (a
 * holiday of every site takes the date at each of them). Administrators change them, audited;
 * everyone reads them.
 */
export class HolidaysService {
  /** Leave registers here to recount the working days of applications over a changed holiday. */
  readonly holidaysChanged = new TransactionHooks<HolidaysChanged>();

  constructor(private readonly db: Db) {}

  /** A year's holidays; of one site (and every site's) with `siteId` or, for 'me', the actor's. */
  async holidays(actor: Actor, year: number, siteId?: number | 'me'): Promise<Holiday[]> {
    authorize(actor, 'organisation.calendar');
    const site = siteId === 'me' ? await siteOfPerson(this.db, actor.userId) : siteId;
    return (await listHolidays(this.db, year, site)).map(toHoliday);
  }

  async createHoliday(actor: Actor, input: HolidayRequest): Promise<Holiday> {
    authorize(actor, 'organisation.manage');
    const wanted = toInput(input);
    return this.db.transaction().execute(async (trx) => {
      await this.checkFree(trx, wanted);
      const holiday = await insertHoliday(trx, wanted);
      await this.audit(trx, actor, 'organisation.holiday_created', holiday.id, { ...holiday });
      await this.recountLeave(trx, actor, [change(holiday)], `Public holiday ${holiday.date} declared`);
      return toHoliday(holiday);
    });
  }

  async updateHoliday(actor: Actor, id: number, input: HolidayRequest): Promise<Holiday> {
    authorize(actor, 'organisation.manage');
    const wanted = toInput(input);
    return this.db.transaction().execute(async (trx) => {
      await this.checkFree(trx, wanted, id);
      const before = await findHoliday(trx, id);
      const after = before && (await updateHoliday(trx, id, wanted));
      if (!before || !after) throw notFound('Public holiday');
      await this.audit(trx, actor, 'organisation.holiday_changed', id, { before, after });
      if (before.date !== after.date || before.site_id !== after.site_id) {
        const note =
          before.date === after.date
            ? `Public holiday ${after.date} moved from ${siteLabel(before)} to ${siteLabel(after)}`
            : `Public holiday moved from ${before.date} to ${after.date}`;
        await this.recountLeave(trx, actor, [change(before), change(after)], note);
      }
      return toHoliday(after);
    });
  }

  async deleteHoliday(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'organisation.manage');
    await this.db.transaction().execute(async (trx) => {
      await lockHolidayWrites(trx);
      const removed = await deleteHoliday(trx, id);
      if (!removed) throw notFound('Public holiday');
      await this.audit(trx, actor, 'organisation.holiday_removed', id, { ...removed });
      await this.recountLeave(trx, actor, [change(removed)], `Public holiday ${removed.date} removed`);
    });
  }

  /**
   * Copies a year's holidays to the same month and day of another, each to its own site (with
   * siteId, only that site's own); 29 February has no twin, and a date already taken at the
   * holiday's site is skipped.
   */
  async copyHolidays(
    actor: Actor,
    { fromYear, toYear, siteId = null }: CopyHolidaysRequest,
  ): Promise<{ holidays: Holiday[]; skipped: number }> {
    authorize(actor, 'organisation.manage');
    if (fromYear === toYear) {
      const message = 'The year to copy to must differ from the year copied';
      throw new AppError('validation_failed', message, [{ field: 'toYear', rule: 'different', message }]);
    }
    if (siteId !== null) await requireSite(this.db, siteId);
    const source = (await listHolidays(this.db, fromYear)).filter(
      (h) => siteId === null || h.site_id === siteId,
    );
    const candidates = source
      .map((h) => ({ date: `${toYear}${h.date.slice(4)}`, name: h.name, site_id: h.site_id }))
      .filter((h) => isRealDate(h.date));
    const holidays = await this.db.transaction().execute(async (trx) => {
      await lockHolidayWrites(trx);
      const written = await insertFreeHolidays(trx, candidates);
      await this.audit(trx, actor, 'organisation.holidays_copied', undefined, {
        fromYear,
        toYear,
        site_id: siteId,
        dates: written.map((h) => h.date),
      });
      await this.recountLeave(
        trx,
        actor,
        written.map(change),
        `Public holidays of ${fromYear} copied to ${toYear}`,
      );
      return written;
    });
    return { holidays: holidays.map(toHoliday), skipped: source.length - holidays.length };
  }

  /** The site named exists and the date is free there (taking the write lock first). */
  private async checkFree(trx: Db, wanted: HolidayInput, exceptId?: number): Promise<void> {
    if (wanted.site_id !== null) await requireSite(trx, wanted.site_id);
    await lockHolidayWrites(trx);
    if (await dateTakenFor(trx, wanted.date, wanted.site_id, exceptId)) throw dateTaken(wanted.date);
  }

  /** Runs what other domains do when holidays change, inside the holiday's own transaction. */
  private recountLeave(trx: Db, actor: Actor, changes: HolidayChange[], note: string) {
    return this.holidaysChanged.run(trx, { actor, changes, note });
  }

  private audit(
    trx: Db,
    actor: Actor,
    action: string,
    targetId: number | undefined,
    details: Record<string, unknown>,
  ) {
    return recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'public_holiday',
      targetId,
      ip: actor.ip,
      details,
    });
  }
}

const toInput = (input: HolidayRequest): HolidayInput => ({
  date: input.date,
  name: input.name,
  site_id: input.siteId ?? null,
});

const change = (h: { date: string; site_id: number | null }): HolidayChange => ({
  date: h.date,
  siteId: h.site_id,
});

const siteLabel = (h: { site: string | null }) => h.site ?? 'all sites';

function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
