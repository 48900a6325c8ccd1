import { attendanceApi, endpoint, leaveApi, peopleApi } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi } from '@/test/fake-api';
import { call, download, endpointUrl } from './api-client';
import { setToken } from './token';

describe('the typed client', () => {
  it('fills path parameters and the query from the endpoint definition', () => {
    expect(endpointUrl(leaveApi.calendar, { params: { year: 2026, month: 7 } })).toBe(
      '/leave/calendar/2026/7',
    );
    expect(
      endpointUrl(attendanceApi.list, {
        query: { search: 'Ann Lee', status: 'absent', page: 2, userId: undefined },
      }),
    ).toBe('/attendance?search=Ann%20Lee&status=absent&page=2');
    expect(endpointUrl(peopleApi.update, { params: { id: 7 }, body: { role: 'staff' } })).toBe('/users/7');
  });

  it("sends the endpoint's method, the bearer token and the JSON body, and resolves with the answer", async () => {
    setToken('t1');
    fakeApi.on(attendanceApi.remove, { ok: true });
    await expect(
      call(attendanceApi.remove, { params: { id: 12 }, body: { reason: 'duplicate' } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [sent] = fakeApi.requests(attendanceApi.remove);
    expect(sent?.url).toBe('/api/attendance/12');
    expect(sent?.method).toBe('DELETE');
    expect(sent?.headers.get('Authorization')).toBe('Bearer t1');
    expect(sent?.body).toEqual({ reason: 'duplicate' });
  });

  it('hands a file endpoint back as the raw response', async () => {
    fakeApi.file(attendanceApi.exportCsv, 'Date\r\n', 'text/csv');
    const response = await download(attendanceApi.exportCsv, {
      body: { startDate: '2026-07-01', endDate: '2026-07-07', search: 'ops' },
    });
    expect(await response.text()).toBe('Date\r\n');
    expect(fakeApi.requests().map((r) => r.url)).toEqual(['/api/attendance/export']);
  });
});

/**
 * Compile-time guarantees: each line below must fail to typecheck (`tsc -p apps/web` fails when an
 * `@ts-expect-error` has nothing to expect). Never called; the compiler is the test.
 */
export function wrongCallsDoNotCompile() {
  // @ts-expect-error: an endpoint the contract does not define (a wrong path has no name to call)
  void call(leaveApi.myLeave);
  // @ts-expect-error: a query field the endpoint does not declare
  void call(attendanceApi.list, { query: { statuz: 'absent' } });
  // @ts-expect-error: a status outside the contract's enum
  void call(attendanceApi.list, { query: { status: 'late' } });
  // @ts-expect-error: page is a number, even though the server reads it from text
  void call(attendanceApi.list, { query: { page: 'two' } });
  // @ts-expect-error: the path's :id is required
  void call(attendanceApi.remove, { body: { reason: 'x' } });
  // @ts-expect-error: a body where the endpoint takes none
  void call(leaveApi.types, { body: { name: 'x' } });
  void call(leaveApi.apply, {
    // @ts-expect-error: a renamed body field (leaveType for leaveTypeId)
    body: { leaveType: 1, startDate: '2026-07-01', endDate: '2026-07-02', reason: 'r' },
  });
  // @ts-expect-error: a response field that does not exist (leaveTypes is the name)
  void call(leaveApi.types).then((r) => r.types);
  // @ts-expect-error: an endpoint whose path names :id without a params schema yielding it
  endpoint({ method: 'GET', path: '/things/:id', audience: 'user', params: z.object({ thing: z.number() }) });
  // @ts-expect-error: an endpoint whose path names :id without any params schema
  endpoint({ method: 'GET', path: '/things/:id', audience: 'user' });
}
