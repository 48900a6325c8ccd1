import net from 'node:net';
import type pg from 'pg';

/** What pg keeps of a session besides its socket (the server's BackendKeyData). */
interface SessionKey {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
}

/** The protocol's CancelRequest code (1234 << 16 | 5678). */
const CANCEL_REQUEST_CODE = 80_877_102;

/**
 * Asks PostgreSQL to cancel the statement `client`'s session is running: the protocol's
 * CancelRequest with the session's key, on a connection of its own, as psql's Ctrl-C does. No
 * pool connection is needed. Not sent through a transaction-mode PgBouncer 1.18, which exits on
 * one (see ReportsPool). Best effort: the statement timeout still ends a statement whose cancel
 * is lost.
 */
export function sendCancelRequest(client: pg.ClientBase): void {
  const { host, port, processID, secretKey } = client as unknown as SessionKey;
  if (processID === null || secretKey === null) return;
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(CANCEL_REQUEST_CODE, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith('/') ? net.connect(`${host}/.s.PGSQL.${port}`) : net.connect(port, host);
  socket.on('error', () => {});
  socket.setTimeout(5000, () => socket.destroy());
  // The server reads the request and closes the connection without an answer.
  socket.end(packet);
}
