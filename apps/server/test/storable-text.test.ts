import { describe, expect, it } from 'vitest';
import { useSuite } from './suite';

/**
 * Text PostgreSQL cannot store (NUL, an unpaired surrogate) is a 400 naming the field, on every
 * route and before anything is written. Pins the reported cases: settings and cameras answered
 * 500, departments stored U+FFFD in place of the surrogate.
 */

const suite = useSuite();

interface Issue {
  field: string;
  rule: string;
  message: string;
}

async function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  const res = await suite.app.inject({ method, url, headers: suite.admin.auth, payload: payload as object });
  return { status: res.statusCode, body: res.json() as { error?: { code: string; details?: Issue[] } } };
}

const auditCount = async () =>
  Number(
    (
      await suite.db
        .selectFrom('audit_log')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text the database cannot store', () => {
  it('PUT /api/settings: an unpaired surrogate in the name is a 400, and the settings stay', async () => {
    const before = await send('GET', '/api/settings');
    const audits = await auditCount();
    const res = await send('PUT', '/api/settings', {
      organisationName: '\ud800',
      timeZone: 'UTC',
      workWeek: [1, 2, 3],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'validation_failed',
      message: 'Organisation name must not contain unpaired surrogate characters',
      details: [
        {
          field: 'organisationName',
          rule: 'unpaired_surrogates',
          message: 'Organisation name must not contain unpaired surrogate characters',
        },
      ],
    });
    expect((await send('GET', '/api/settings')).body).toEqual(before.body);
    expect(await auditCount()).toBe(audits);
  });

  it('POST /api/video/cameras: an unpaired surrogate in the name is a 400, and no camera is added', async () => {
    const res = await send('POST', '/api/video/cameras', { name: '\ud800', stream_url: 'rtsp://h/s' });
    expect(res.status).toBe(400);
    expect(res.body.error?.details).toEqual([
      expect.objectContaining({ field: 'name', rule: 'unpaired_surrogates' }),
    ]);
    expect(await suite.db.selectFrom('cameras').select('id').execute()).toEqual([]);
  });

  it('departments refuse it too, instead of storing U+FFFD', async () => {
    const res = await send('POST', '/api/users/departments', { name: 'R&D \udc00' });
    expect(res.status).toBe(400);
    expect(res.body.error?.details?.[0]).toMatchObject({ field: 'name', rule: 'unpaired_surrogates' });
    const names = await suite.db.selectFrom('departments').select('name').execute();
    expect(names.filter((d) => d.name.startsWith('R&D'))).toEqual([]);
  });

  it.each([
    ['a low surrogate alone', 'Ada\udc00'],
    ['a reversed pair', '\udc00\ud800'],
    ['NUL', 'Ada\u0000'],
  ])('PATCH /api/users/:id: %s in a name is a 400 naming it', async (_label, firstName) => {
    const res = await send('PATCH', `/api/users/${suite.admin.user.id}`, { firstName });
    expect(res.status).toBe(400);
    expect(res.body.error?.details?.[0]?.field).toBe('firstName');
  });

  it('names the place in nested bodies, keys, query strings and path parameters', async () => {
    const settings = { organisationName: 'Atrium', timeZone: 'UTC', workWeek: [1] };
    const cases: [Parameters<typeof send>, Issue][] = [
      [
        ['PUT', '/api/settings', { ...settings, extra: [{ note: 'x\ud800' }] }],
        {
          field: 'extra.0.note',
          rule: 'unpaired_surrogates',
          message: 'Extra note must not contain unpaired surrogate characters',
        },
      ],
      [
        ['PUT', '/api/settings', { ...settings, 'x\ud800': 1 }],
        {
          field: 'body',
          rule: 'unpaired_surrogates',
          message: 'Body must not contain unpaired surrogate characters',
        },
      ],
      [
        ['GET', '/api/users?search=a%00b'],
        {
          field: 'search',
          rule: 'control_characters',
          message: 'Search must not contain control characters (such as NUL)',
        },
      ],
      [
        ['GET', '/api/users/1%00'],
        {
          field: 'id',
          rule: 'control_characters',
          message: 'Id must not contain control characters (such as NUL)',
        },
      ],
    ];
    for (const [request, issue] of cases) {
      const res = await send(...request);
      expect(res.status, request[1]).toBe(400);
      expect(res.body.error?.details, request[1]).toEqual([issue]);
    }
  });

  it('a surrogate pair is ordinary text', async () => {
    const res = await send('PUT', '/api/settings', {
      organisationName: 'Atrium \u{1F3E2}',
      timeZone: 'UTC',
      workWeek: [1, 2, 3, 4, 5],
    });
    expect(res.status).toBe(200);
    expect((await send('GET', '/api/settings')).body).toMatchObject({
      settings: { organisationName: 'Atrium \u{1F3E2}' },
    });
  });
});
