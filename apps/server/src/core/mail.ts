/**
 * A message's words, put into the plain-text and the HTML body every mail carries. Domains say
 * what happened; this file alone decides how a mail looks, so all of them look alike.
 */

export type MailKind =
  | 'invitation'
  | 'password_reset'
  | 'leave_submitted'
  | 'leave_decided'
  | 'leave_escalated'
  | 'device_offline'
  | 'door_forced_open';

export interface MailContent {
  subject: string;
  /** "Hello Ivy," */
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare URL in text. */
  action?: { label: string; url: string };
  /** Small print under the action, e.g. when a link stops working. */
  note?: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Both bodies of one message from the organisation `organisationName`. Names typed by people go
 * into the HTML escaped: a last name is no place for markup. Inline styles only, since mail
 * clients drop style sheets.
 */
export function composeMail(organisationName: string, content: MailContent): ComposedMail {
  const subject = `${content.subject} - ${organisationName}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    // Signed by the organisation; Atrium names itself only when it is not the organisation's name.
    organisationName === 'Atrium' ? 'Atrium' : `${organisationName} (sent by Atrium)`,
  ].join('\n');
  const p = (body: string, style = 'margin:0 0 16px') => `<p style="${style}">${body}</p>`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    p(escapeHtml(organisationName), 'margin:0 0 16px;font-weight:bold;color:#4338ca'),
    p(escapeHtml(content.greeting)),
    ...content.paragraphs.map((text) => p(escapeHtml(text))),
    content.action
      ? p(
          `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(content.action.label)}</a>`,
        ) +
        p(
          `Or open this address: ${escapeHtml(content.action.url)}`,
          'margin:0 0 16px;font-size:12px;color:#475569;word-break:break-all',
        )
      : '',
    content.note ? p(escapeHtml(content.note), 'margin:0 0 16px;font-size:12px;color:#475569') : '',
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}
