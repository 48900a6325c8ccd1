import type {
  CopyHolidaysRequest,
  Holiday,
  HolidayRequest,
  OrganisationSettings,
  OrganisationSettingsRequest,
} from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import { displayDate } from '../../core/text';
import { TransactionHooks } from '../../core/transaction-hooks';
import type { Db } from '../../db/connection';
import { toHoliday, toSettings } from './organisation.presenter';
import {
  deleteHoliday,
  findHoliday,
  insertFreeHolidays,
  insertHoliday,
  LEAVE_CLASH_PERCENT_KEY,
  LEAVE_ESCALATION_DAYS_KEY,
  listHolidays,
  ORGANISATION_NAME_KEY,
  readLeaveClashPercent,
  readLeaveEscalationDays,
  readOrganisationName,
  readWorkWeek,
  updateHoliday,
  writeSetting,
  writeWorkWeek,
} from './organisation.repository';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;

const dateTaken = (date: string) =>
  new AppError('conflict', `${displayDate(date)} already has a public holiday`, [
    { field: 'date', rule: 'unique', message: `${displayDate(date)} already has a public holiday` },
  ]);

/** The organisation's settings and public holidays: administrators only, every change audited. */
export interface HolidaysChanged {
  actor: Actor;
  dates: string[];
  /** Why, as the audit log shows it ("Public holiday 2026-12-24 declared"). */
  note: string;
}

export class OrganisationService {
  /** Leave registers here to recount the working days of applications over a changed holiday. */
  readonly holidaysChanged = new TransactionHooks<HolidaysChanged>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  async settings(actor: Actor): Promise<OrganisationSettings> {
    authorize(actor, 'organisation.manage');
    return this.read();
  }

  async updateSettings(actor: Actor, input: OrganisationSettingsRequest): Promise<OrganisationSettings> {
    authorize(actor, 'organisation.manage');
    const before = await this.read();
    const workWeek = [...input.workWeek].sort((a, b) => a - b);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await writeSetting(trx, ORGANISATION_NAME_KEY, input.organisationName, now);
      await writeWorkWeek(trx, workWeek, now);
      if (input.leaveEscalationDays !== undefined)
        await writeSetting(trx, LEAVE_ESCALATION_DAYS_KEY, input.leaveEscalationDays, now);
      if (input.leaveClashPercent !== undefined)
        await writeSetting(trx, LEAVE_CLASH_PERCENT_KEY, input.leaveClashPercent, now);
      if (input.timeZone !== before.timeZone) await this.clock.changeTimeZone(this.bus, input.timeZone, trx);
      await this.bus.publish({ kind: 'settings_changed', keys: [ORGANISATION_NAME_KEY] }, trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'organisation.settings_changed',
        targetType: 'settings',
        ip: actor.ip,
        details: {
          before,
          after: {
            ...input,
            workWeek,
            leaveEscalationDays: input.leaveEscalationDays ?? before.leaveEscalationDays,
          },
        },
      });
    });
    // The zone was cached before the commit; ask the database again.
    this.clock.invalidate();
    return this.read();
  }

  async holidays(actor: Actor, year: number): Promise<Holiday[]> {
    authorize(actor, 'organisation.calendar');
    return (await listHolidays(this.db, year)).map(toHoliday);
  }

  async createHoliday(actor: Actor, input: HolidayRequest): Promise<Holiday> {
    authorize(actor, 'organisation.manage');
    return this.db
      .transaction()
      .execute(async (trx) => {
        const holiday = await insertHoliday(trx, input.date, input.name);
        await this.audit(trx, actor, 'organisation.holiday_created', holiday.id, { ...holiday });
        await this.recountLeave(trx, actor, [holiday.date], `Public holiday ${holiday.date} declared`);
        return toHoliday(holiday);
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? dateTaken(input.date) : error;
      });
  }

  async updateHoliday(actor: Actor, id: number, input: HolidayRequest): Promise<Holiday> {
    authorize(actor, 'organisation.manage');
    return this.db
      .transaction()
      .execute(async (trx) => {
        const before = await findHoliday(trx, id);
        const after = await updateHoliday(trx, id, input.date, input.name);
        if (!before || !after) throw notFound('Public holiday');
        await this.audit(trx, actor, 'organisation.holiday_changed', id, { before, after });
        if (before.date !== after.date) {
          await this.recountLeave(
            trx,
            actor,
            [before.date, after.date],
            `Public holiday moved from ${before.date} to ${after.date}`,
          );
        }
        return toHoliday(after);
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? dateTaken(input.date) : error;
      });
  }

  async deleteHoliday(actor: Actor, id: number): Promise<void> {
    authorize(actor, 'organisation.manage');
    await this.db.transaction().execute(async (trx) => {
      const removed = await deleteHoliday(trx, id);
      if (!removed) throw notFound('Public holiday');
      await this.audit(trx, actor, 'organisation.holiday_removed', id, { ...removed });
      await this.recountLeave(trx, actor, [removed.date], `Public holiday ${removed.date} removed`);
    });
  }

  /** Copies a year's holidays to the same month and day of another; 29 February has no twin. */
  async copyHolidays(
    actor: Actor,
    { fromYear, toYear }: CopyHolidaysRequest,
  ): Promise<{ holidays: Holiday[]; skipped: number }> {
    authorize(actor, 'organisation.manage');
    if (fromYear === toYear) {
      const message = 'The year to copy to must differ from the year copied';
      throw new AppError('validation_failed', message, [{ field: 'toYear', rule: 'different', message }]);
    }
    const source = await listHolidays(this.db, fromYear);
    const candidates = source
      .map((h) => ({ date: `${toYear}${h.date.slice(4)}`, name: h.name }))
      .filter((h) => isRealDate(h.date));
    const holidays = await this.db.transaction().execute(async (trx) => {
      const written = await insertFreeHolidays(trx, candidates);
      await this.audit(trx, actor, 'organisation.holidays_copied', undefined, {
        fromYear,
        toYear,
        dates: written.map((h) => h.date),
      });
      await this.recountLeave(
        trx,
        actor,
        written.map((h) => h.date),
        `Public holidays of ${fromYear} copied to ${toYear}`,
      );
      return written;
    });
    return { holidays: holidays.map(toHoliday), skipped: source.length - holidays.length };
  }

  private async read(): Promise<OrganisationSettings> {
    const [organisationName, timeZone, workWeek, escalationDays, clashPercent] = await Promise.all([
      readOrganisationName(this.db),
      this.clock.timeZone(),
      readWorkWeek(this.db),
      readLeaveEscalationDays(this.db),
      readLeaveClashPercent(this.db),
    ]);
    return toSettings(organisationName, timeZone, workWeek, { escalationDays, clashPercent });
  }

  /** Runs what other domains do when holidays change, inside the holiday's own transaction. */
  private recountLeave(trx: Db, actor: Actor, dates: string[], note: string) {
    return this.holidaysChanged.run(trx, { actor, dates, note });
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

function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
