import { describe, expect, it } from 'vitest';
import { makeUsers } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

const suite = useSuite();

type Page = { users: { id: number; last_name: string; email: string }[]; next_cursor: string | null };

describe('GET /api/users', () => {
  it('pages through every active person in name order, and search narrows', async () => {
    const team = await makeUsers(suite.db, 7, { department: 'Paged People' });
    const seen: Page['users'] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await suite.http.get(`/api/users?limit=3${cursor ? `&cursor=${cursor}` : ''}`, suite.admin);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      expect(page.users.length).toBeLessThanOrEqual(3);
      seen.push(...page.users);
      cursor = page.next_cursor;
      pages += 1;
    }
    const all = await suite.db.selectFrom('users').select('id').where('active', '=', true).execute();
    expect(seen.map((u) => u.id).sort((a, b) => a - b)).toEqual(all.map((u) => u.id).sort((a, b) => a - b));
    expect(pages).toBe(Math.ceil(all.length / 3) + (all.length % 3 === 0 ? 1 : 0));
    const names = seen.map((u) => u.last_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const found = (
      await suite.http.get(`/api/users?search=${team[3]!.email.toUpperCase()}`, suite.admin)
    ).json() as Page;
    expect(found.users.map((u) => u.id)).toEqual([team[3]!.id]);
    expect(found.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not make, naming the field', async () => {
    const res = await suite.http.get('/api/users?cursor=bm90LWEtY3Vyc29y', suite.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ field: 'cursor' });
  });
});

describe('GET /api/users?department=', () => {
  it("lists only that department's people, for the manager picker", async () => {
    const team = await makeUsers(suite.db, 3, { department: 'Picker Team' });
    await makeUsers(suite.db, 2, { department: 'Not Picked' });
    const res = await suite.http.get(`/api/users?department=${team[0]!.departmentId}`, suite.admin);
    expect((res.json() as Page).users.map((u) => u.id).sort((a, b) => a - b)).toEqual(
      team.map((u) => u.id).sort((a, b) => a - b),
    );
  });
});
