import { attendanceApi, authApi, leaveApi } from '@atrium/contract';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api';
import { call } from '@/lib/api-client';
import { failure, fakeApi } from './fake-api';
import { staffUser } from './render';

// These checks are what make a fixture trustworthy: if one stopped working, every web test could
// again pass against answers the server never gives.
describe('the fake API', () => {
  it('refuses a fixture that breaks the response schema, naming the endpoint and the issue', () => {
    const wrong = { user: { ...staffUser, id: 'two' } } as unknown as { user: typeof staffUser };
    expect(() => fakeApi.on(authApi.me, wrong)).toThrow(
      /GET \/auth\/me does not fit its response schema:[\s\S]*expected number[\s\S]*user\.id/,
    );
  });

  it('refuses a fixture a reply makes, keeping the message the test then fails with', async () => {
    fakeApi.on(authApi.me, () => ({ user: { ...staffUser, role: 'owner' as 'admin' } }));
    await expect(call(authApi.me)).rejects.toMatchObject({ code: 'network_error' });
    const [problem, ...others] = fakeApi.takeProblems();
    expect(problem).toMatch(/GET \/auth\/me does not fit its response schema:[\s\S]*user\.role/);
    expect(others).toEqual([]);
  });

  it('serves a fitting fixture and keeps the request the page sent', async () => {
    fakeApi.on(leaveApi.calendar, (request) => ({
      events: [
        { date: `${request.params.year}-0${request.params.month}-01`, approved: 1, pending: 0, half_day: 0 },
      ],
    }));
    await expect(
      call(leaveApi.calendar, { params: { year: 2026, month: 7 }, signal: new AbortController().signal }),
    ).resolves.toEqual({ events: [{ date: '2026-07-01', approved: 1, pending: 0, half_day: 0 }] });
    const [request] = fakeApi.requests(leaveApi.calendar);
    expect(request).toMatchObject({
      url: '/api/leave/calendar/2026/7',
      params: { year: '2026', month: '7' },
    });
  });

  it('serves error answers only in the contract shape', async () => {
    expect(() => failure(400, 'validation_failed', 'Bad', [{ field: 'email' }])).toThrow(/FieldIssue/);
    expect(() => failure(200, 'conflict', 'Not an error')).toThrow(/4xx or 5xx/);
    fakeApi.fail(attendanceApi.checkIn, 409, 'conflict', 'Already checked in today');
    await expect(call(attendanceApi.checkIn)).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Already checked in today',
    });
  });

  it('notes a request the contract refuses, and one nothing answered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi.on(attendanceApi.list, { attendance: [], total: 0, page: 1, pageSize: 25 });
    await expect(apiRequest('/attendance?page=two')).rejects.toMatchObject({ status: 400 });
    await expect(call(attendanceApi.myStatus)).rejects.toMatchObject({ code: 'network_error' });
    expect(fakeApi.takeProblems()).toEqual([
      expect.stringMatching(
        /^The page sent GET \/api\/attendance\?page=two, which the contract refuses:\nits query/,
      ),
      'No fake answer for GET /api/attendance/my-status: give one with fakeApi.on',
    ]);
  });
});
