import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRequests } from '../../../test/leave';
import { startSmtpServer } from '../../../test/smtp';
import { useSuite } from '../../../test/suite';
import { MailSender } from './mail-sender';
import { smtpTransport } from './smtp-transport';

const PUBLIC_URL = 'https://atrium.example.test';
const suite = useSuite({ config: { publicUrl: PUBLIC_URL } });
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sender: MailSender;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No wait between attempts: the test plays the retries itself.
  sender = new MailSender(suite.db, smtpTransport(smtp.url, 'Atrium <atrium@example.test>'), {
    retryBaseMs: 0,
  });
});
afterAll(async () => {
  await smtp?.close();
});

let serial = 0;
const forgot = (email: string, ip = '10.9.0.1') =>
  suite.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });
const reset = (token: string, password: string) =>
  suite.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const outboxOf = async (email: string) =>
  suite.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('seq').execute();
const linkIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe('forgot password', () => {
  it('answers the same for an unknown address and mails a link only to a known one; both audited', async () => {
    const person = await suite.signedIn();
    const known = await forgot(person.user.email, '10.9.1.1');
    const unknown = await forgot('nobody.here@example.test', '10.9.1.1');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(await outboxOf('nobody.here@example.test')).toEqual([]);
    const [mail] = await outboxOf(person.user.email);
    expect(mail).toMatchObject({ kind: 'password_reset', sent_at: null });
    expect(mail!.text_body).toContain(`${PUBLIC_URL}/reset-password/`);
    expect(mail!.text_body).toContain('one hour');
    const audits = await suite.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'auth.password_reset_requested')
      .orderBy('id')
      .execute();
    expect(audits.slice(-2).map((a) => a.details)).toEqual([
      { email: person.user.email, mailed: true },
      { email: 'nobody.here@example.test', mailed: false },
    ]);
    // Asking ends no session: anyone can type an address.
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(200);
  });

  it('throttles per address and per client, for unknown addresses alike', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await forgot('flood@example.test', `10.9.2.${i}`)).statusCode).toBe(200);
    const fourth = await forgot('flood@example.test', '10.9.2.9');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 20; i += 1)
      expect((await forgot(`probe${i}@example.test`, '10.9.3.1')).statusCode).toBe(200);
    expect((await forgot('probe-last@example.test', '10.9.3.1')).statusCode).toBe(429);
  }, 30_000);

  it('the mail arrives over SMTP, its link sets the password once and ends the other sessions', async () => {
    serial += 1;
    const person = await suite.signedIn();
    expect((await forgot(person.user.email, `10.9.4.${serial}`)).statusCode).toBe(200);
    expect(await sender.sendDue()).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.find((m) => m.to.includes(person.user.email));
    expect(mail).toBeDefined();
    const [row] = await outboxOf(person.user.email);
    expect(row!.sent_at).not.toBeNull();
    // The outbox row's id is the Message-ID: a resend after a crash is recognisably the same mail.
    expect(mail!.raw).toMatch(new RegExp(`Message-ID: <${row!.id}@example\\.test>`, 'i'));
    expect(mail!.readable).toContain('Reset your password');
    const token = linkIn(mail!.readable)!;
    expect(token).toBeDefined();

    const first = await reset(token, 'a brand new passphrase');
    expect(first.statusCode).toBe(200);
    const second = await reset(token, 'another new passphrase');
    expect(second.statusCode).toBe(400);
    expect(second.json().error.details[0].field).toBe('token');
    // The session from before the reset has ended; the new password signs in.
    expect((await suite.http.get('/api/auth/me', person)).statusCode).toBe(401);
    const login = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.user.email, password: 'a brand new passphrase' },
      remoteAddress: '10.9.5.1',
    });
    expect(login.statusCode).toBe(200);
    const audit = await suite.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.password_set')
      .where('actor_user_id', '=', person.user.id)
      .executeTakeFirst();
    expect(audit?.details).toEqual({ purpose: 'reset', via: 'reset_password' });
  });

  it('an SMTP server that refuses at first gets the message on a retry, exactly once', async () => {
    const person = await suite.signedIn();
    await sender.sendDue(); // nothing else waiting
    const before = smtp.received.length;
    smtp.refuse(1);
    expect((await forgot(person.user.email, '10.9.6.1')).statusCode).toBe(200);
    expect(await sender.sendDue()).toBe(0);
    const [waiting] = await outboxOf(person.user.email);
    expect(waiting).toMatchObject({ sent_at: null, failed_at: null, attempts: 1 });
    expect(waiting!.last_error).toContain('451');
    expect(await sender.sendDue()).toBe(1);
    // Sent, marked, and never sent again however often the sender runs.
    expect(await sender.sendDue()).toBe(0);
    const mine = smtp.received.slice(before).filter((m) => m.to.includes(person.user.email));
    expect(mine).toHaveLength(1);
    const [sent] = await outboxOf(person.user.email);
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect(sent!.sent_at).not.toBeNull();
  });

  it('two senders at once send each message once', async () => {
    const people = await Promise.all([1, 2, 3].map(() => suite.signedIn()));
    for (const [i, p] of people.entries()) await forgot(p.user.email, `10.9.7.${i}`);
    const before = smtp.received.length;
    const other = new MailSender(suite.db, smtpTransport(smtp.url, 'Atrium <atrium@example.test>'));
    const [a, b] = await Promise.all([sender.sendDue(), other.sendDue()]);
    expect(a + b).toBe(3);
    expect(smtp.received.length - before).toBe(3);
  });
});

describe('leave mails', () => {
  it('mail the approver when leave is submitted and the applicant when it is decided', async () => {
    const leave = leaveRequests(suite);
    const staff = await leave.staff();
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(start > today).toBe(true);
    const id = await leave.applyFor(staff, start, start);
    // Nobody manages them: the administrators decide, and hear of it.
    const [toAdmin] = await outboxOf(suite.admin.user.email);
    expect(toAdmin).toMatchObject({ kind: 'leave_submitted' });
    expect(toAdmin!.text_body).toContain('asks for Annual Leave');
    expect((await leave.decide(suite.admin, id, 'rejected', 'Team offsite that week')).statusCode).toBe(200);
    const [decided] = await outboxOf(staff.user.email);
    expect(decided).toMatchObject({ kind: 'leave_decided', subject: expect.stringContaining('rejected') });
    expect(decided!.text_body).toContain('Team offsite that week');
  });
});

describe('outbox', () => {
  it('administrators page through it newest first; others may not read it', async () => {
    const first = await suite.http.get('/api/mail/outbox?limit=2', suite.admin);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.smtp_configured).toBe(false);
    expect(page.messages).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    const next = (
      await suite.http.get(`/api/mail/outbox?limit=2&cursor=${page.next_cursor}`, suite.admin)
    ).json();
    const ids = [...page.messages, ...next.messages].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page.messages[0].created_at >= next.messages[0].created_at).toBe(true);
    expect((await suite.http.get('/api/mail/outbox', await suite.signedIn())).statusCode).toBe(403);
    expect((await suite.http.get('/api/mail/outbox?cursor=bogus', suite.admin)).statusCode).toBe(400);
  });
});
