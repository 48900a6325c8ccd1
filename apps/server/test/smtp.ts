import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it: its raw source, headers and body decoded enough to read. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw source with quoted-printable soft breaks and escapes undone (links come out whole). */
  readable: string;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server (smtp-server) on a free loopback port, keeping what it receives.
 * `refuse(n)` makes it answer the next n messages with 451 (try again later), as a server
 * in trouble does.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        attempts += 1;
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          readable: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    refuse(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
