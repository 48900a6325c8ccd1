import { accountApi } from '@atrium/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../http/authenticate';
import { route } from '../../http/route';
import type { AccountService } from './account.service';
import type { PreferencesService } from './preferences.service';

export function accountRoutes(account: AccountService, preferences: PreferencesService): FastifyPluginAsync {
  return async (app) => {
    route(app, accountApi.profile, async (request) => ({
      profile: await account.profile(actorOf(request)),
    }));
    route(app, accountApi.changePassword, async (request) =>
      account.changePassword(actorOf(request), request.body),
    );
    route(app, accountApi.sessions, async (request) => ({
      sessions: await account.liveSessions(actorOf(request)),
    }));
    route(app, accountApi.endSession, async (request) => {
      await account.endSession(actorOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, accountApi.mailPreferences, async (request) => account.mailPreferences(actorOf(request)));
    route(app, accountApi.updateMailPreferences, async (request) =>
      account.updateMailPreferences(actorOf(request), request.body),
    );
    route(app, accountApi.preferences, async (request) => preferences.preferences(actorOf(request)));
    route(app, accountApi.updatePreferences, async (request) =>
      preferences.update(actorOf(request), request.body),
    );
    route(app, accountApi.endOtherSessions, async (request) => account.endOtherSessions(actorOf(request)));
  };
}
