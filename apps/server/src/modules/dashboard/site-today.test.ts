import { describe, expect, it } from 'vitest';
import { makeAttendance, makeUser } from '../../../test/factories';
import { departmentAt, makeSite, setPersonSite } from '../../../test/site-days';
import { useSuite } from '../../../test/suite';

// 17:30 UTC on Wednesday 2026-07-08: 18:30 in London (the organisation's own site), already
// 01:30 on Thursday the 9th in the Singapore warehouse.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T17:30:00Z' });

describe("the organisation's today over two sites whose dates differ", () => {
  it('counts each person on their own site’s today: the tiles and the overview agree', async () => {
    const singapore = await makeSite(suite.db, suite.bus, 'Asia/Singapore');
    await departmentAt(suite.db, 'Warehouse', singapore);
    const warehouse = await suite.signedIn({ department: 'Warehouse' });
    const earlier = await makeUser(suite.db, { department: 'Warehouse' });
    const london = await suite.signedIn({ department: 'Office' });
    // In the London office's department, but working in Singapore.
    const seconded = await suite.signedIn({ department: 'Office' });
    await setPersonSite(suite.db, seconded.user.id, singapore);

    for (const person of [warehouse, london, seconded])
      expect((await suite.http.post('/api/attendance/check-in', person)).statusCode).toBe(200);
    // Singapore's yesterday (London's today): not a record of anyone's today there.
    await makeAttendance(suite.db, { user: earlier, date: '2026-07-08', checkIn: '01:00' });

    const quick = (await suite.http.get('/api/dashboard/quick-stats', suite.admin)).json().quickStats;
    // The admin, the four people above: everyone employed; three of them in on their own today.
    expect(quick).toMatchObject({ presentToday: 3, totalEmployees: 5 });

    const overview = (await suite.http.get('/api/attendance/overview', suite.admin)).json().overview;
    expect(overview).toMatchObject({
      date: '2026-07-08',
      present: 3,
      absent: 2,
      totalEmployees: 5,
      localDay: 'each_site',
    });
    const byName = Object.fromEntries(
      overview.departments.map((d: { name: string; present: number }) => [d.name, d.present]),
    );
    expect(byName).toEqual({ Admins: 0, Office: 2, Warehouse: 1 });
    const stats = (await suite.http.get('/api/dashboard/stats', suite.admin)).json().stats;
    expect(stats.today).toMatchObject({ present: 3, absent: 2, stillInBuilding: 3 });

    // Each person's own status is of their site's today.
    const mine = (await suite.http.get('/api/dashboard/quick-stats', seconded)).json().quickStats;
    expect(mine.attendanceStatus).toBe('present');
    const status = (await suite.http.get('/api/attendance/my-status', seconded)).json().status;
    expect(status.date).toBe('2026-07-09');
  });
});
