import type { Db } from '../../src/db/connection';
import { recordLoginFailure } from '../../src/modules/auth/auth.repository';

/** Failed sign-ins, recorded as the login records them: each account from each address, at `at`. */
export async function makeLoginFailures(db: Db, failures: { emails: string[]; ips: string[]; at: Date }) {
  for (const email of failures.emails)
    for (const ip of failures.ips) await recordLoginFailure(db, email, ip, failures.at);
}
