import type { PreferencesRequest, PreferencesResponse } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { authorize } from '../../core/policies';
import { requireSite } from '../../db/row-exists';
import type { Database } from '../../db/schema';
import { findSitePreference, writeSitePreference } from './preferences.repository';

/**
 * What each person chose to see, kept on the server so the choice follows them to another
 * browser or phone: for now the site their screens are filtered to.
 */
export class PreferencesService {
  constructor(private readonly db: Kysely<Database>) {}

  async preferences(actor: Actor): Promise<PreferencesResponse> {
    authorize(actor, 'account.self');
    return { site_id: await findSitePreference(this.db, actor.userId) };
  }

  async update(actor: Actor, input: PreferencesRequest): Promise<PreferencesResponse> {
    authorize(actor, 'account.self');
    return this.db.transaction().execute(async (trx) => {
      if (input.siteId !== null) await requireSite(trx, input.siteId);
      const before = await findSitePreference(trx, actor.userId, true);
      await writeSitePreference(trx, actor.userId, input.siteId);
      // A view filter changes nothing anyone else sees, but who looked at which site is worth knowing.
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'account.preferences_changed',
        ip: actor.ip,
        targetType: 'user',
        targetId: actor.userId,
        details: { before: { site_id: before }, after: { site_id: input.siteId } },
      });
      return { site_id: input.siteId };
    });
  }
}
