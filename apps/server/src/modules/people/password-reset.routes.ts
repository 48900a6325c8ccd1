import { passwordResetApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route';
import type { PasswordResetService } from './password-reset.service';

export function passwordResetRoutes(resets: PasswordResetService): FastifyPluginAsync {
  return async (app) => {
    route(app, passwordResetApi.forgotPassword, async (request) => {
      // The request's own origin only without PUBLIC_URL, where no mail leaves (config.ts).
      await resets.forgot(request.body.email, request.ip, `${request.protocol}://${request.host}`);
      return { ok: true as const };
    });

    route(app, passwordResetApi.resetPassword, async (request) => {
      await resets.reset(request.body.token, request.body.password, request.ip);
      return { ok: true as const };
    });
  };
}
