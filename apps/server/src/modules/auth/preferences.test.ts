import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';

const suite = useSuite();

describe('preferences: the site a person filters their screens to', () => {
  it('start at every site, keep the chosen site for that person alone, audited, and forget a removed site', async () => {
    const [staff, other] = [await suite.signedIn(), await suite.signedIn()];
    expect((await suite.http.get('/api/auth/preferences', staff)).json()).toEqual({ site_id: null });
    const site = await suite.db
      .insertInto('sites')
      .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const put = await suite.http.put('/api/auth/preferences', staff, { siteId: site.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ site_id: site.id });
    expect((await suite.http.get('/api/auth/preferences', staff)).json()).toEqual({ site_id: site.id });
    expect((await suite.http.get('/api/auth/preferences', other)).json()).toEqual({ site_id: null });
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_user_id', '=', staff.user.id)
      .where('action', '=', 'account.preferences_changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ before: { site_id: null }, after: { site_id: site.id } });
    await suite.db.deleteFrom('sites').where('id', '=', site.id).execute();
    expect((await suite.http.get('/api/auth/preferences', staff)).json()).toEqual({ site_id: null });
  });

  it('refuse an unknown site or someone else, naming the field', async () => {
    const staff = await suite.signedIn();
    const unknown = await suite.http.put('/api/auth/preferences', staff, { siteId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({ field: 'siteId', rule: 'exists' });
    const wrong = await suite.http.put('/api/auth/preferences', staff, { siteId: 'all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0]).toMatchObject({ field: 'siteId' });
    const other = await suite.http.put('/api/auth/preferences', staff, { siteId: null, userId: 1 });
    expect(other.statusCode).toBe(400);
  });
});
