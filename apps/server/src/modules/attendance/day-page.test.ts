import { describe, expect, it } from 'vitest';
import { attendanceHelpers, attendanceSuite } from '../../../test/attendance';
import { changeUser, makeSchedule, makeUsers } from '../../../test/factories';
import { makeSite, setPersonSite } from '../../../test/site-days';
import { type DayRowFilter, listDayRows } from './attendance.repository';
import { countDayPage, dayCounts, oneDay, pageDayRows } from './day-page.repository';

const suite = attendanceSuite();
const { record } = attendanceHelpers(suite);

/** The paged list must be exactly the full list cut into pages, whatever the filter. */
describe('attendance list pages', () => {
  it('match the full person-day list for every filter, page size and page', async () => {
    // Mon-Fri people and every-day people, a weekend in the range, a record on a weekend, an
    // open record, absences, a far-future day and today (2026-07-08, a Wednesday).
    const weekdays = await makeUsers(suite.db, 7, { department: 'Page Weekdays' });
    const everyDay = await makeUsers(suite.db, 4, { department: 'Security Page' });
    await makeSchedule(suite.db, {
      department: { id: everyDay[0]!.departmentId },
      workdays: [1, 2, 3, 4, 5, 6, 7],
    });
    const days = ['2026-07-03', '2026-07-04', '2026-07-05', '2026-07-06', '2026-07-07', '2026-07-08'];
    let n = 0;
    for (const person of [...weekdays, ...everyDay]) {
      for (const day of days) {
        n += 1;
        if (n % 3 === 0) continue; // absent (or simply off on a weekend)
        await record(person, day, '08:00', n % 5 === 0 ? null : '16:30');
      }
    }
    // One person moves to the every-day department and one is disabled: the rollup behind the
    // counts moves their records along.
    await changeUser(suite.db, weekdays[5]!, { departmentId: everyDay[0]!.departmentId });
    await changeUser(suite.db, weekdays[6]!, { active: false });
    // A second site: the every-day department's, and one weekday person's own.
    const second = await makeSite(suite.db, suite.bus, 'Asia/Singapore');
    await suite.db
      .updateTable('departments')
      .set({ site_id: second })
      .where('id', '=', everyDay[0]!.departmentId)
      .execute();
    await setPersonSite(suite.db, weekdays[1]!.id, second);
    const first = (
      await suite.db
        .selectFrom('sites')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id as number;

    const base = { start: '2026-07-02', end: '2026-07-10', today: '2026-07-08' };
    const filters: DayRowFilter[] = [
      base,
      { ...base, departmentIds: [weekdays[0]!.departmentId] },
      { ...base, departmentIds: [everyDay[0]!.departmentId], status: 'absent' },
      { ...base, status: 'checked_in' },
      { ...base, status: 'complete' },
      { ...base, status: 'absent' },
      { ...base, search: weekdays[2]!.lastName },
      { ...base, search: 'security pa' },
      { ...base, search: weekdays[3]!.email.slice(0, 6), status: 'complete' },
      { ...base, userIds: [everyDay[1]!.id] },
      { ...base, start: '2026-07-04', end: '2026-07-04' },
      { ...base, siteId: second },
      { ...base, siteId: second, status: 'absent' },
      { ...base, siteId: first, status: 'complete' },
    ];
    for (const filter of filters) {
      const all = await listDayRows(suite.db, filter);
      const label = JSON.stringify(filter);
      expect(await countDayPage(suite.db, filter), label).toBe(all.length);
      for (const size of [1, 7, 25]) {
        const pages: unknown[] = [];
        for (let offset = 0; offset < all.length + size; offset += size) {
          const page = await pageDayRows(suite.db, filter, { limit: size, offset });
          expect(page.total, label).toBe(all.length);
          pages.push(...page.rows);
        }
        expect(pages, `${label} at ${size} a page`).toEqual(all);
      }
      // Either way of reading a day gives its rows, where both apply (no absences wanted).
      const counts = await dayCounts(suite.db, filter);
      for (const day of counts.days) {
        const rows = all.filter((r) => r.date === day.date);
        const walked = await oneDay(suite.db, filter, day.date, { offset: 1, limit: 50, byRecords: false });
        expect(walked, `${label} on ${day.date}`).toEqual(rows.slice(1));
        if (filter.status === 'absent' || (!filter.status && day.absent > 0)) continue;
        const sorted = await oneDay(suite.db, filter, day.date, { offset: 1, limit: 50, byRecords: true });
        expect(sorted, `${label} on ${day.date} by records`).toEqual(rows.slice(1));
      }
    }
  });
});
