import nodemailer from 'nodemailer';

/** One message as the sender hands it over. */
export interface OutgoingMail {
  /** The outbox row's id: the message's Message-ID, the same on every attempt. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The server refused the message for good (a 5xx to the recipient): trying again cannot help. */
export class PermanentMailError extends Error {}

/**
 * Sends through the SMTP server of `url` (nodemailer). Timeouts are short, since the sender holds
 * the message's row lock while it waits; a 5xx to the envelope is permanent, anything else (a
 * 4xx, a connection that fails, a wrong password) is worth another attempt later.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const server = new URL(url);
  const transporter = nodemailer.createTransport(
    {
      host: server.hostname,
      port: server.port ? Number(server.port) : undefined,
      secure: server.protocol === 'smtps:',
      auth: server.username
        ? { user: decodeURIComponent(server.username), pass: decodeURIComponent(server.password) }
        : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  // Message-IDs carry the sending domain, as RFC 5322 asks: the From's.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'atrium.invalid';
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${domain}>`,
        });
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        if (code === 'EENVELOPE' && responseCode !== undefined && responseCode >= 500)
          throw new PermanentMailError((error as Error).message);
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}
