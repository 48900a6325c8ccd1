import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Devices' command passwords are stored encrypted (AES-256-GCM) with a key kept in
 * server_secrets, so a copy of the devices table alone does not open the doors. They are
 * decrypted only to answer a device's digest challenge, and never sent to a browser.
 */
export class DeviceCredentials {
  constructor(private readonly key: Buffer) {}

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    if (!stored.startsWith('v1:')) throw new Error('unknown credential format');
    const raw = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
