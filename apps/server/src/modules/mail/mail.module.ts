import type { AtriumModule, ModuleContext } from '../../core/module';
import { mailRoutes } from './mail.routes';
import { MailSender, type MailSenderOptions } from './mail-sender';
import { OutboxService } from './outbox.service';
import { type MailTransport, smtpTransport } from './smtp-transport';

/** How often a serving process looks for messages to send: mail may wait a few seconds. */
const POLL_MS = 5_000;

export interface MailOptions extends MailSenderOptions {
  smtpUrl?: string;
  mailFrom?: string;
  /** Instead of SMTP_URL (tests). */
  transport?: MailTransport;
}

/**
 * The outbox: the admins' list, and with an SMTP server (or a transport given) the sender, which
 * every serving process runs; the rows' locks share the work among them.
 */
export function createMailModule(
  ctx: ModuleContext,
  options: MailOptions,
): AtriumModule & { sender?: MailSender } {
  const transport =
    options.transport ??
    (options.smtpUrl && options.mailFrom ? smtpTransport(options.smtpUrl, options.mailFrom) : undefined);
  const sender = transport ? new MailSender(ctx.db, transport, options) : undefined;
  const outbox = new OutboxService(ctx.db, transport !== undefined);
  return {
    name: 'mail',
    sender,
    routes: (api) => api.register(mailRoutes(outbox)),
    jobs() {
      if (!sender || !transport) return () => {};
      const stop = sender.start(POLL_MS, (error) => ctx.onError('mail sending', error));
      return () => {
        stop();
        transport.close();
      };
    },
  };
}
