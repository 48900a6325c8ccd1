import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';

// Cameras watch a site (issue 35): a new one is at the first site unless named; an edit keeps it.
const suite = useSuite({ video: true });
let headOffice: number;
let warehouse: number;

beforeAll(async () => {
  headOffice = (await suite.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  warehouse = (
    await suite.db
      .insertInto('sites')
      .values({ name: 'Singapore Warehouse', time_zone: 'Asia/Singapore' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  suite.app.inject({ method, url: `/api/video${url}`, headers: suite.admin.auth, payload });

const audits = (action: string, id: number) =>
  suite.db
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', action)
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('a camera’s site', () => {
  it('is set, kept by an edit without it, changed by one with it (audited)', async () => {
    const plain = await send('POST', '/cameras', { name: 'Site Lobby', stream_url: 'rtsp://10.0.0.9/a' });
    expect(plain.json().camera).toMatchObject({ site_id: headOffice, site: 'Head Office' });
    expect((await audits('camera.created', plain.json().camera.id))[0]?.details).toEqual({
      name: 'Site Lobby',
      site_id: headOffice,
    });

    const created = await send('POST', '/cameras', {
      name: 'Site Dock',
      stream_url: 'rtsp://10.0.0.9/b',
      site_id: warehouse,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().camera;
    expect(created.json().camera).toMatchObject({ site_id: warehouse, site: 'Singapore Warehouse' });

    const kept = await send('PUT', `/cameras/${id}`, {
      name: 'Site Dock 2',
      stream_url: 'rtsp://10.0.0.9/b',
    });
    expect(kept.json().camera.site_id).toBe(warehouse);
    const moved = await send('PUT', `/cameras/${id}`, {
      name: 'Site Dock 2',
      stream_url: 'rtsp://10.0.0.9/b',
      site_id: headOffice,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const listed = (await send('GET', '/cameras')).json().cameras;
    expect(listed.find((c: { id: number }) => c.id === id)).toMatchObject({
      site_id: headOffice,
      site: 'Head Office',
    });
    const updates = await audits('camera.updated', id);
    expect(updates[0]?.details).not.toHaveProperty('site');
    expect(updates[1]?.details).toMatchObject({ site: { old: warehouse, new: headOffice } });
  });

  it('refuses an unknown site with a 400 naming site_id', async () => {
    const res = await send('POST', '/cameras', {
      name: 'Site Nowhere',
      stream_url: 'rtsp://10.0.0.9/c',
      site_id: 999_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'site_id', rule: 'exists', message: 'The site must be an existing one' },
    ]);
  });
});
