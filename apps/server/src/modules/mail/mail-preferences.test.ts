import { describe, expect, it } from 'vitest';
import { leaveRequests } from '../../../test/leave';
import { useSuite } from '../../../test/suite';
import type { MailKind } from '../../core/mail';

const suite = useSuite();

const preferencesOf = (userId: number) =>
  suite.db
    .selectFrom('users')
    .select(['mail_leave_updates', 'mail_device_alerts'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
const mailsTo = (userId: number, kind: MailKind) =>
  suite.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe('mail preferences', () => {
  it('default to leave updates on, device alerts off; only administrators are offered device alerts', async () => {
    const staff = await suite.signedIn();
    expect((await suite.http.get('/api/auth/mail-preferences', staff)).json()).toEqual({
      preferences: { mail_leave_updates: true, mail_device_alerts: false },
      device_alerts_offered: false,
    });
    const admin = await suite.signedIn({ role: 'admin' });
    const res = await suite.http.put('/api/auth/mail-preferences', admin, {
      mail_leave_updates: true,
      mail_device_alerts: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ device_alerts_offered: true });
    expect(await preferencesOf(admin.user.id)).toEqual({
      mail_leave_updates: true,
      mail_device_alerts: true,
    });
    // Staff asking for device alerts are told they are not theirs, naming the field.
    const refused = await suite.http.put('/api/auth/mail-preferences', staff, {
      mail_leave_updates: true,
      mail_device_alerts: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({
      field: 'mail_device_alerts',
      rule: 'admin_only',
    });
  });

  it("change the caller's own alone, audited; naming someone else is refused and changes nobody", async () => {
    const [staff, other] = [await suite.signedIn(), await suite.signedIn()];
    for (const body of [
      { userId: other.user.id, mail_leave_updates: false, mail_device_alerts: false },
      { id: other.user.id, mail_leave_updates: false, mail_device_alerts: false },
    ]) {
      expect((await suite.http.put('/api/auth/mail-preferences', staff, body)).statusCode).toBe(400);
    }
    // There is no per-person address to aim at either.
    const aimed = await suite.http.put(`/api/users/${other.user.id}/mail-preferences`, staff, {
      mail_leave_updates: false,
      mail_device_alerts: false,
    });
    expect([403, 404]).toContain(aimed.statusCode);
    expect(await preferencesOf(other.user.id)).toEqual({
      mail_leave_updates: true,
      mail_device_alerts: false,
    });
    expect(await preferencesOf(staff.user.id)).toEqual({
      mail_leave_updates: true,
      mail_device_alerts: false,
    });

    const own = await suite.http.put('/api/auth/mail-preferences', staff, {
      mail_leave_updates: false,
      mail_device_alerts: false,
    });
    expect(own.statusCode).toBe(200);
    expect(await preferencesOf(staff.user.id)).toEqual({
      mail_leave_updates: false,
      mail_device_alerts: false,
    });
    expect(await preferencesOf(other.user.id)).toEqual({
      mail_leave_updates: true,
      mail_device_alerts: false,
    });
    const audit = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_id', 'details'])
      .where('action', '=', 'account.mail_preferences_changed')
      .where('actor_user_id', '=', staff.user.id)
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: staff.user.id,
        target_id: String(staff.user.id),
        details: {
          before: { mail_leave_updates: true, mail_device_alerts: false },
          after: { mail_leave_updates: false, mail_device_alerts: false },
        },
      },
    ]);
  });

  it('an applicant who turned leave updates off gets no leave-decided mail; one who kept them does', async () => {
    const leave = leaveRequests(suite);
    const [quiet, told] = [await leave.staff(), await leave.staff()];
    await suite.http.put('/api/auth/mail-preferences', quiet, {
      mail_leave_updates: false,
      mail_device_alerts: false,
    });
    for (const who of [quiet, told]) {
      const id = await leave.applyFor(who, inAMonth(), inAMonth());
      expect((await leave.decide(suite.admin, id, 'approved')).statusCode).toBe(200);
    }
    expect(await mailsTo(quiet.user.id, 'leave_decided')).toEqual([]);
    expect(await mailsTo(told.user.id, 'leave_decided')).toHaveLength(1);
  });
});
