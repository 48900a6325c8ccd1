import type { OrganisationSettings, OrganisationSettingsRequest } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Db } from '../../db/connection';
import { toSettings } from './organisation.presenter';
import {
  LEAVE_CLASH_PERCENT_KEY,
  LEAVE_ESCALATION_DAYS_KEY,
  ORGANISATION_NAME_KEY,
  readLeaveClashPercent,
  readLeaveEscalationDays,
  readOrganisationName,
  readWorkWeek,
  writeSetting,
  writeWorkWeek,
} from './organisation.repository';

/** The organisation's settings: administrators only, every change audited. */
export class OrganisationService {
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
}
