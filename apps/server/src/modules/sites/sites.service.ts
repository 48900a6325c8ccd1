import type { CreateSiteRequest, Site, SitesResponse, UpdateSiteRequest } from '@atrium/contract';
import type { Actor } from '../../core/actor';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError, notFound } from '../../core/errors';
import type { EventBus } from '../../core/events/bus';
import { type Changes, FreshCache } from '../../core/events/changes';
import { authorize } from '../../core/policies';
import { siteCountsChanged } from '../../core/site-events';
import type { Db } from '../../db/connection';
import { toSite } from './sites.presenter';
import {
  deleteSite,
  dependantsOf,
  findSite,
  insertSite,
  listSites,
  lockSite,
  type SiteRow,
  type SiteValues,
  updateSite,
} from './sites.repository';

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

const nameTaken = (name: string) =>
  new AppError('conflict', `A site named ${name} already exists`, [
    { field: 'name', rule: 'unique', message: 'This is already the name of a site' },
  ]);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 departments, 1 person and 1 camera": what a site still holds, in words. */
function listed(dependants: Awaited<ReturnType<typeof dependantsOf>>): string {
  const parts = [
    [dependants.departments, 'department', 'departments'],
    [dependants.people, 'person of its own', 'people of its own'],
    [dependants.devices, 'device', 'devices'],
    [dependants.access_points, 'access point', 'access points'],
    [dependants.cameras, 'camera', 'cameras'],
    [dependants.administrators, 'site administrator', 'site administrators'],
  ] as const;
  const words = parts.filter(([n]) => n > 0).map(([n, one, many]) => plural(n, one, many));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

const stillHolds = (name: string, what: string) =>
  new AppError('conflict', `${name} still has ${what}. Move them to another site before removing it.`);

const firstSiteStays = (name: string) =>
  new AppError(
    'conflict',
    `${name} is the organisation's own site and cannot be removed; its zone and work week are the organisation's`,
  );

const sortedWeek = (days: number[]) => [...days].sort((a, b) => a - b);

/**
 * The list is read by every site select and filter, and counting 50,000 people by their site
 * takes 20-40 ms: it is kept until any change (site changes, and departments, people, devices and
 * cameras coming, going or moving site, are announced) and for at most this long, so counts moved
 * by a change that announces nothing follow soon.
 */
const LIST_TTL_MS = 10_000;

/**
 * The organisation's sites. Everyone may list them (site selectors, "today" per site);
 * administrators add, change and remove them, every change audited. A zone change, an added or a
 * removed site tells every process's clock in the same transaction.
 */
export class SitesService {
  private readonly rows: FreshCache<SiteRow[]>;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: OrgClock,
    changes: Changes,
  ) {
    this.rows = new FreshCache(changes, LIST_TTL_MS, 1);
  }

  async list(actor: Actor): Promise<SitesResponse> {
    authorize(actor, 'sites.view');
    const rows = await this.rows.get('all', () => listSites(this.db));
    const now = this.clock.now();
    return { sites: rows.map((row) => toSite(row, now)) };
  }

  async create(actor: Actor, body: CreateSiteRequest): Promise<{ site: Site }> {
    authorize(actor, 'sites.manage');
    const values: SiteValues = {
      name: body.name,
      time_zone: body.timeZone,
      address: body.address || null,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      geofence_m: body.geofenceM ?? null,
      work_week: sortedWeek(body.workWeek),
    };
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        const created = await insertSite(trx, values, this.clock.now());
        await this.announce(trx, true);
        await this.audit(trx, actor, 'site.created', created, { ...values });
        return created;
      })
      .catch((error) => {
        throw hasCode(error, UNIQUE_VIOLATION) ? nameTaken(body.name) : error;
      });
    return this.answer(id);
  }

  async update(actor: Actor, id: number, body: UpdateSiteRequest): Promise<{ site: Site }> {
    authorize(actor, 'sites.manage');
    const wanted: Partial<SiteValues> = {
      name: body.name,
      time_zone: body.timeZone,
      address: body.address === undefined ? undefined : body.address || null,
      latitude: body.latitude,
      longitude: body.longitude,
      geofence_m: body.geofenceM,
      work_week: body.workWeek && sortedWeek(body.workWeek),
    };
    await this.db
      .transaction()
      .execute(async (trx) => {
        const before = await lockSite(trx, id);
        if (!before) throw notFound('Site');
        const change: Partial<SiteValues> = {};
        const changes: Record<string, { old: unknown; new: unknown }> = {};
        for (const [key, value] of Object.entries(wanted) as [keyof SiteValues, unknown][]) {
          if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) continue;
          Object.assign(change, { [key]: value });
          changes[key] = { old: before[key], new: value };
        }
        if (Object.keys(change).length === 0) return;
        await updateSite(trx, id, change, this.clock.now());
        await this.announce(trx, change.time_zone !== undefined);
        await this.audit(trx, actor, 'site.changed', id, {
          name: change.name ?? before.name,
          organisationsOwn: before.is_first,
          changes,
        });
      })
      .catch((error) => {
        throw hasCode(error, UNIQUE_VIOLATION) && body.name ? nameTaken(body.name) : error;
      });
    return this.answer(id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    authorize(actor, 'sites.manage');
    await this.db.transaction().execute(async (trx) => {
      const site = await lockSite(trx, id);
      if (!site) throw notFound('Site');
      if (site.is_first) throw firstSiteStays(site.name);
      const what = listed(await dependantsOf(trx, id));
      if (what) throw stillHolds(site.name, what);
      // Something added meanwhile (its insert does not wait for this lock) still stops it.
      await deleteSite(trx, id).catch((error) => {
        throw hasCode(error, FOREIGN_KEY_VIOLATION)
          ? stillHolds(site.name, 'something added meanwhile')
          : error;
      });
      await this.announce(trx, true);
      await this.audit(trx, actor, 'site.removed', id, { name: site.name, timeZone: site.time_zone });
    });
    this.clock.invalidate();
    return { ok: true };
  }

  /**
   * Tells every process, with the change's transaction: a zone moved or the set of sites changed
   * (their clocks reread the zones), or else only what the list shows.
   */
  private async announce(trx: Db, zones: boolean): Promise<void> {
    if (zones) await this.clock.sitesChanged(this.bus, trx);
    else await this.bus.publish(siteCountsChanged(), trx);
  }

  /** The site as it now stands; the clock forgets zones it may have read before the commit. */
  private async answer(id: number): Promise<{ site: Site }> {
    this.clock.invalidate();
    const row = await findSite(this.db, id);
    if (!row) throw notFound('Site');
    return { site: toSite(row, this.clock.now()) };
  }

  private audit(trx: Db, actor: Actor, action: string, id: number, details: Record<string, unknown>) {
    return recordAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'site',
      targetId: id,
      ip: actor.ip,
      details,
    });
  }
}
