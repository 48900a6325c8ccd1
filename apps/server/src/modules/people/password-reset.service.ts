import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../core/audit.repository';
import type { OrgClock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Database } from '../../db/schema';
import { issueLink } from './invitation-links';
import type { InvitationService } from './invitations.service';
import {
  findResettableAccount,
  lockResetAddress,
  pruneResetRequests,
  recordResetRequest,
} from './password-reset.repository';

/** The window requests are counted in, and how many each address and each client may make in it. */
export const RESET_WINDOW_MS = 3_600_000;
export const RESET_PER_ADDRESS = 3;
export const RESET_PER_CLIENT = 20;
/**
 * Every answer takes at least this long: mailing a link costs a few more writes than answering
 * for an unknown address, and the time must not tell which it was.
 */
export const RESET_ANSWER_FLOOR_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forgot password: anyone may ask for a link by address, and the answer is the same whether or
 * not the address has an account. Throttled per address (so nobody is mailed a flood) and per
 * client (so nobody probes many addresses); both are counted for unknown addresses too, or the
 * throttle itself would tell which exist. Asking ends no session: the link does, once used.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: OrgClock,
    private readonly invitations: InvitationService,
    /** PUBLIC_URL: where mailed links lead, never a request's Host when it is set. */
    private readonly publicUrl: string | undefined,
  ) {}

  async forgot(email: string, ip: string, requestOrigin: string): Promise<void> {
    const started = performance.now();
    // A refusal (429) is the same for every address, so it may come at once; an answer may not.
    await this.request(email.trim().toLowerCase(), ip, this.publicUrl ?? requestOrigin);
    const left = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
    if (left > 0) await wait(left);
  }

  /** Sets the password of a reset link, once; the person's sessions end (invitations.service.ts). */
  async reset(token: string, password: string, ip: string): Promise<void> {
    await this.invitations.accept(token, password, ip, 'reset_password');
  }

  private async request(email: string, ip: string, origin: string): Promise<void> {
    const emailHash = createHash('sha256').update(email).digest('hex');
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const since = new Date(now.getTime() - RESET_WINDOW_MS);
      await lockResetAddress(trx, emailHash);
      const counts = await recordResetRequest(trx, { emailHash, ip, at: now, since });
      if (counts.address > RESET_PER_ADDRESS || counts.client > RESET_PER_CLIENT) {
        throw new AppError(
          'too_many_requests',
          'Too many requests for a password reset. Try again in an hour.',
          { retryAfterSeconds: RESET_WINDOW_MS / 1000 },
          { 'retry-after': String(RESET_WINDOW_MS / 1000) },
        );
      }
      const account = await findResettableAccount(trx, email);
      if (account) {
        await issueLink(trx, {
          userId: account.id,
          purpose: account.has_password ? 'reset' : 'invite',
          actorUserId: null,
          now,
          origin,
          recipient: { firstName: account.first_name, email: account.email },
          selfService: true,
        });
      }
      await recordAudit(trx, {
        actorUserId: account?.id ?? null,
        action: 'auth.password_reset_requested',
        targetType: account ? 'user' : undefined,
        targetId: account?.id,
        ip,
        details: { email, mailed: account !== undefined },
      });
      // Old requests go with new ones: the table holds about one window's worth.
      await pruneResetRequests(trx, since);
    });
  }
}
