import type { PayrollSettings, PayrollSettingsRequest } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import type { EventBus } from '../../core/events/bus';
import { authorize } from '../../core/policies';
import type { Db } from '../../db/connection';
import { PAYROLL_KEY, readPayrollSettings, writePayrollSettings } from './payroll-settings.repository';

/**
 * The pay period and overtime thresholds the payroll report applies: administrators only, each
 * change audited with the settings before and after. The report worker reads them afresh for
 * every report, so no process keeps a stale copy; the event tells live screens to refetch.
 */
export class PayrollSettingsService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
  ) {}

  async settings(actor: Actor): Promise<PayrollSettings> {
    authorize(actor, 'organisation.manage');
    return readPayrollSettings(this.db);
  }

  async update(actor: Actor, input: PayrollSettingsRequest): Promise<PayrollSettings> {
    authorize(actor, 'organisation.manage');
    const after: PayrollSettings = { ...input };
    await this.db.transaction().execute(async (trx) => {
      const before = await readPayrollSettings(trx);
      await writePayrollSettings(trx, after, this.clock.now());
      await this.bus.publish({ kind: 'settings_changed', keys: [PAYROLL_KEY] }, trx);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'payroll.settings_changed',
        targetType: 'settings',
        ip: actor.ip,
        details: { before, after },
      });
    });
    return readPayrollSettings(this.db);
  }
}
