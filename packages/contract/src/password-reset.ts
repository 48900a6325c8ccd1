import { z } from 'zod';
import { LoginRequest, NewPassword, OkResponse } from './auth';
import { endpoint } from './endpoint';
import { InviteToken } from './people';

export const ForgotPasswordRequest = z.object({ email: LoginRequest.shape.email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({ token: InviteToken, password: NewPassword });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** Signing in without a password: a one-time link mailed to the address, valid one hour. */
export const passwordResetApi = {
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    audience: 'public',
    summary:
      'Mails a one-time link (1 h) to set a new password; answers the same whether or not the address has an account; throttled per address and per client (audited)',
    body: ForgotPasswordRequest,
    response: OkResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    audience: 'public',
    summary: "Sets the password of a reset link, once; ends the person's sessions (audited)",
    body: ResetPasswordRequest,
    response: OkResponse,
  }),
};
