import { createHmac, randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the spec asks for 24 to 64). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of a message: `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed with the secret's decoded bytes (Standard Webhooks 1.0).
 */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
