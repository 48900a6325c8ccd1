import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Devices' command passwords are stored encrypted (AES-256-GCM) with a key kept outside the
 * database (DEVICE_CREDENTIALS_KEY or DATA_DIR/device-credentials.key), so a dump of the
 * database alone does not open the doors. They are decrypted only to answer a device's digest
 * challenge, and never sent to a browser.
 */
export class DeviceCredentials {
  /** Without a key (an app some tests build) passwords can be neither stored nor used. */
  constructor(private readonly key: Buffer | undefined) {
    if (key && key.length !== 32) throw new Error('A device credentials key is 32 bytes');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.required(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(stored: string): string {
    if (!stored.startsWith('v1:')) throw new Error('unknown credential format');
    const raw = Buffer.from(stored.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.required(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Whether `stored` was encrypted with this key (GCM's tag says so). */
  opens(stored: string): boolean {
    try {
      this.decrypt(stored);
      return true;
    } catch {
      return false;
    }
  }

  private required(): Buffer {
    if (!this.key) throw new Error('This app was built without a device credentials key');
    return this.key;
  }
}
