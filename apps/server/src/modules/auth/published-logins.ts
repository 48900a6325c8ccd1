import type { Db } from '../../db/connection';
import { loginHashesOf } from './auth.repository';
import { verifyPassword } from './passwords';

/**
 * The demo accounts whose passwords README and the login page publish: the demo seed creates
 * them, and a server on the network refuses to start while they still sign in (exposure.ts).
 */
export const PUBLISHED_DEMO_ACCOUNTS = [
  { email: 'admin@atrium.local', password: 'Admin#2026' },
  { email: 'user@atrium.local', password: 'User#2026' },
  { email: 'manager@atrium.local', password: 'Manager#2026' },
] as const;

/**
 * Which published demo accounts would let anyone in with the published password: the user
 * exists, is active, and its stored hash still matches. Each check costs an argon2 hash, and
 * app-info asks on every login page, so an answer is remembered per stored hash: only a changed
 * password (a new hash) is verified again.
 */
export class PublishedDemoLogins {
  private readonly answers = new Map<string, boolean>();

  constructor(private readonly db: Db) {}

  async usable(): Promise<string[]> {
    const rows = await loginHashesOf(
      this.db,
      PUBLISHED_DEMO_ACCOUNTS.map((a) => a.email),
    );
    const usable: string[] = [];
    for (const account of PUBLISHED_DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      if (!row?.active || !row.password_hash) continue;
      const key = `${account.email}\n${row.password_hash}`;
      let matches = this.answers.get(key);
      if (matches === undefined) {
        matches = await verifyPassword(row.password_hash, account.password);
        // Three accounts, a handful of password changes: a tiny map, cleared if it ever grows.
        if (this.answers.size > 32) this.answers.clear();
        this.answers.set(key, matches);
      }
      if (matches) usable.push(account.email);
    }
    return usable;
  }

  /** Whether the login page may offer the Demo Accounts block: every published account works. */
  async allUsable(): Promise<boolean> {
    return (await this.usable()).length === PUBLISHED_DEMO_ACCOUNTS.length;
  }
}
