import { OrgClock } from '../src/core/clock';
import type { EventBus } from '../src/core/events/bus';
import type { Db } from '../src/db/connection';
import { makeDepartment, tag } from './factories';

/**
 * A new site in `timeZone`, announced as the sites module announces one: every clock of the app
 * has dropped its zones when this answers.
 */
export async function makeSite(db: Db, bus: EventBus, timeZone: string, name = `Site ${tag()}`) {
  const { id } = await db
    .insertInto('sites')
    .values({ name, time_zone: timeZone })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The app's clock subscribed before this test: it has dropped its zones when we hear the event.
  const heard = new Promise<void>((resolve) => {
    const stop = bus.subscribe((event) => {
      if (event.kind !== 'settings_changed') return;
      stop();
      resolve();
    });
  });
  await new OrgClock(db).sitesChanged(bus);
  await heard;
  return id;
}

/** A department (made when missing) at `siteId`. */
export async function departmentAt(db: Db, name: string, siteId: number) {
  const department = await makeDepartment(db, name);
  await db.updateTable('departments').set({ site_id: siteId }).where('id', '=', department.id).execute();
  return department;
}

/** Sets a person's own site (null: their department's). */
export async function setPersonSite(db: Db, userId: number, siteId: number | null) {
  await db.updateTable('users').set({ site_id: siteId }).where('id', '=', userId).execute();
}

/** Makes a department's people work every day of the week (DST changes fall on Sundays). */
export async function everyDay(db: Db, departmentId: number) {
  await db
    .updateTable('work_schedules')
    .set({ workdays: [1, 2, 3, 4, 5, 6, 7] })
    .where('department_id', '=', departmentId)
    .execute();
}
