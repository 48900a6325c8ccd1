import { ERROR_CODES, ErrorBody } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { AppError, statusByCode } from './errors';

describe('error codes', () => {
  it('the server has a status for exactly the codes the contract lists', () => {
    expect(Object.keys(statusByCode).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('every code maps to a 4xx or 5xx status, and AppError answers with it', () => {
    for (const code of ERROR_CODES) {
      const status = statusByCode[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(new AppError(code, 'x').status).toBe(status);
    }
  });

  it('the contract refuses an error body whose code is not in the list', () => {
    expect(ErrorBody.safeParse({ error: { code: 'not_found', message: 'x' } }).success).toBe(true);
    expect(ErrorBody.safeParse({ error: { code: 'not_fonud', message: 'x' } }).success).toBe(false);
  });
});
