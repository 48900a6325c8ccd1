import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/context';
import { makeUsers } from '../../test/factories';
import { createUser, login, type TestUser } from '../../test/fixtures';
import { useSuite } from '../../test/suite';
import { barrier, joinAs, listen } from './socket.test-support';

// A manager's team room across two server processes on one database: events published by the
// second reach a manager's socket on it as the first process's changes of standing allow.
const suite = useSuite();
let two: TestApp;
let urlTwo: string;
let admin: TestUser;

beforeAll(async () => {
  two = await startTestApp(suite.database);
  urlTwo = await listen(two.app);
  admin = await createUser(suite.db, 'admin');
});
afterAll(async () => {
  await two?.close();
});

describe('the team room', () => {
  it("gives a manager's socket their team's day at once, and stops when they manage no more", async () => {
    const [manager] = await makeUsers(suite.db, 1, { department: 'Live Office' });
    const [member] = await makeUsers(suite.db, 1, { department: 'Live Team' });
    const [stranger] = await makeUsers(suite.db, 1, { department: 'Live Elsewhere' });
    const teamDepartment = member!.departmentId;
    const { token } = await login(suite.app, admin);
    const setManagers = (managerIds: number[]) =>
      suite.app.inject({
        method: 'PUT',
        url: `/api/departments/${teamDepartment}/managers`,
        headers: { authorization: `Bearer ${token}` },
        payload: { managerIds },
      });
    expect((await setManagers([manager!.id])).statusCode).toBe(200);
    const dayOf = (userId: number) =>
      two.bus.publish({
        kind: 'live',
        type: 'attendance_update',
        data: { userId, date: '2026-11-21', action: 'check_in' },
        audience: { userIds: [userId], admins: true, team: true },
      });
    const client = await joinAs(suite.app, urlTwo, manager!);
    try {
      expect(client.messages[0]).toMatchObject({ type: 'joined', data: { role: 'manager' } });
      await dayOf(stranger!.id);
      await dayOf(member!.id);
      const seen = await client.next('attendance_update');
      expect(seen.data).toMatchObject({ userId: member!.id });
      expect(client.messages.filter((m) => m.type === 'attendance_update')).toHaveLength(1);

      expect((await setManagers([])).statusCode).toBe(200);
      const before = client.messages.length;
      await dayOf(member!.id);
      const after = await barrier(suite.bus, client, manager!.id);
      expect(after.slice(before).filter((m) => m.type === 'attendance_update')).toEqual([]);
      expect(client.messages).toContainEqual({
        type: 'joined',
        data: { userId: manager!.id, role: 'staff', seq: expect.any(Number) },
      });
    } finally {
      client.socket.close();
    }
  });
});
