import type { PreferencesRequest, PreferencesResponse } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import { AppError } from '../../core/errors';
import { authorize } from '../../core/policies';
import { rowExists } from '../../db/row-exists';
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
      if (input.siteId !== null && !(await rowExists(trx, 'sites', input.siteId))) {
        throw new AppError('validation_failed', 'There is no such site', [
          { field: 'siteId', rule: 'exists', message: 'There is no such site' },
        ]);
      }
      const before = await trx
        .selectFrom('user_preferences')
        .select('site_id')
        .where('user_id', '=', actor.userId)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('user_preferences')
        .values({ user_id: actor.userId, site_id: input.siteId })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ site_id: input.siteId, updated_at: new Date() }),
        )
        .execute();
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
