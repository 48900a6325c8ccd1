import { NewPassword } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { assertAcceptablePassword, isCommonPassword } from './password-rules';

describe('new-password rules', () => {
  it('refuses the common passwords it ships, in any case, and lets an uncommon one through', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('QwertyUIOP')).toBe(true);
    expect(isCommonPassword('1234567890')).toBe(true);
    expect(isCommonPassword('violet-harbour-lantern-42')).toBe(false);
    expect(() => assertAcceptablePassword('1q2w3e4r5t', 'newPassword')).toThrow(AppError);
    try {
      assertAcceptablePassword('1q2w3e4r5t', 'newPassword');
    } catch (error) {
      expect((error as AppError).details).toEqual([
        expect.objectContaining({ field: 'newPassword', rule: 'not_common' }),
      ]);
    }
    expect(() => assertAcceptablePassword('violet-harbour-lantern-42')).not.toThrow();
  });

  it('ships at least 10,000 of them', async () => {
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(new URL('./common-passwords.txt', import.meta.url), 'utf8')).split('\n');
    expect(lines.filter((line) => line.length >= 10).length).toBeGreaterThanOrEqual(10_000);
  });

  it('asks for at least 10 characters', () => {
    expect(NewPassword.safeParse('short-one').success).toBe(false);
    expect(NewPassword.safeParse('long-enough').success).toBe(true);
  });
});
