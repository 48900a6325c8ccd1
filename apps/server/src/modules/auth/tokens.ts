import { createHash, createHmac, randomBytes } from 'node:crypto';
import { INT32_MAX } from '@atrium/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Now } from '../../core/clock';

const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISSUER = 'atrium';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedClaims extends AccessClaims {
  /** When the token stops being valid, in ms. */
  expiresAt: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  /** `now`: the organisation's clock, so a token's life is measured on the same time as its session's. */
  constructor(
    secretHex: string,
    private readonly ttlSeconds: number,
    private readonly now: Now,
  ) {
    this.key = Buffer.from(secretHex, 'hex');
  }

  sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The refresh token that replaces `previous` when it is rotated: an HMAC of it under the server
   * key. Derived rather than random, so a second presentation of `previous` within the grace
   * period (two tabs refreshing at once) gets the same successor, while the server still keeps
   * only hashes of refresh tokens.
   */
  refreshSuccessor(previous: string): string {
    return createHmac('sha256', this.key).update(`atrium-refresh-successor:${previous}`).digest('base64url');
  }

  /** Returns the claims of a valid, unexpired token signed by us, or undefined. */
  async verify(token: string): Promise<VerifiedClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp'],
        currentDate: this.now(),
      });
      // Claims go into queries on integer and uuid columns: out of range they would fail there.
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId < 1 || userId > INT32_MAX) return undefined;
      if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return undefined;
      return { userId, sessionId: payload.sid, expiresAt: payload.exp! * 1000 };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}

/** A refresh token: 256 random bits for the client, only its SHA-256 kept by the server. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
