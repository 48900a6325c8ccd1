import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories';
import { useSuite } from '../../../test/suite';

// Departments belong to a site (issue 35): their people without a site of their own are there.
const suite = useSuite({ timeZone: 'Europe/London', now: '2026-07-08T14:00:00Z' });
let headOffice: { id: number; name: string };
let warehouse: { id: number; name: string };

beforeAll(async () => {
  headOffice = await suite.db
    .selectFrom('sites')
    .select(['id', 'name'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  warehouse = await suite.db
    .insertInto('sites')
    .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
});

const audits = (action: string, id: number) =>
  suite.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

const listedSite = async (id: number) => {
  const { departments } = (await suite.http.get('/api/departments', suite.admin)).json();
  const d = departments.find((x: { id: number }) => x.id === id);
  return { site_id: d.site_id, site: d.site };
};

describe('a department’s site', () => {
  it('is the first site unless named, and moves with siteId (audited old -> new)', async () => {
    const plain = await suite.http.post('/api/users/departments', suite.admin, { name: 'Sites Plain' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().department).toMatchObject({ site_id: headOffice.id, site: 'Head Office' });

    const created = await suite.http.post('/api/users/departments', suite.admin, {
      name: 'Sites Pickers',
      siteId: warehouse.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().department;
    expect(created.json().department).toMatchObject({ site_id: warehouse.id, site: warehouse.name });
    expect(await listedSite(id)).toEqual({ site_id: warehouse.id, site: warehouse.name });
    expect((await audits('department.created', id))[0]?.details).toEqual({
      name: 'Sites Pickers',
      siteId: warehouse.id,
    });

    // A rename alone keeps the site; a siteId moves it.
    const renamed = await suite.http.patch(`/api/users/departments/${id}`, suite.admin, { name: 'Pickers' });
    expect(renamed.json().department).toMatchObject({ name: 'Pickers', site_id: warehouse.id });
    const moved = await suite.http.patch(`/api/users/departments/${id}`, suite.admin, {
      name: 'Pickers',
      siteId: headOffice.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await listedSite(id)).toEqual({ site_id: headOffice.id, site: 'Head Office' });
    const renames = await audits('department.renamed', id);
    expect(renames[0]?.details).toEqual({ old: 'Sites Pickers', new: 'Pickers' });
    expect(renames[1]?.details).toEqual({
      old: 'Pickers',
      new: 'Pickers',
      site: {
        old: { id: warehouse.id, name: warehouse.name },
        new: { id: headOffice.id, name: 'Head Office' },
      },
    });
    // The staff's read of departments carries the site too.
    const everyone = (await suite.http.get('/api/users/departments', suite.admin)).json().departments;
    expect(everyone.find((d: { id: number }) => d.id === id)).toMatchObject({ site: 'Head Office' });
  });

  it('moves its people who have no site of their own, and not the others', async () => {
    const { id } = (
      await suite.http.post('/api/users/departments', suite.admin, { name: 'Sites Movers' })
    ).json().department;
    const follower = await makeUser(suite.db, { department: 'Sites Movers' });
    const own = await makeUser(suite.db, { department: 'Sites Movers' });
    await suite.db.updateTable('users').set({ site_id: headOffice.id }).where('id', '=', own.id).execute();
    await suite.http.patch(`/api/users/departments/${id}`, suite.admin, {
      name: 'Sites Movers',
      siteId: warehouse.id,
    });
    const siteOf = async (userId: number) =>
      (await suite.http.get(`/api/users/${userId}`, suite.admin)).json().person;
    expect(await siteOf(follower.id)).toMatchObject({ site_id: warehouse.id, home_site_id: null });
    expect(await siteOf(own.id)).toMatchObject({ site_id: headOffice.id, home_site_id: headOffice.id });
  });

  it('refuses an unknown site with a 400 naming siteId, and changes nothing', async () => {
    const create = await suite.http.post('/api/users/departments', suite.admin, {
      name: 'Sites Nowhere',
      siteId: 999_999,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().error.details).toEqual([
      { field: 'siteId', rule: 'exists', message: 'The site must be an existing one' },
    ]);
    const { id } = (
      await suite.http.post('/api/users/departments', suite.admin, { name: 'Sites Somewhere' })
    ).json().department;
    const move = await suite.http.patch(`/api/users/departments/${id}`, suite.admin, {
      name: 'Sites Elsewhere',
      siteId: 999_999,
    });
    expect([move.statusCode, move.json().error.details[0].field]).toEqual([400, 'siteId']);
    expect(await listedSite(id)).toEqual({ site_id: headOffice.id, site: 'Head Office' });
  });
});
