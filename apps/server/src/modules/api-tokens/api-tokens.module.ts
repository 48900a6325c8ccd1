import { API_TOKEN_RATE_PER_MINUTE } from '@atrium/contract';
import type { AtriumModule, ModuleContext } from '../../core/module';
import { apiTokensRoutes } from './api-tokens.routes';
import { ApiTokensService } from './api-tokens.service';
import { TokenRateLimit } from './rate-limit';
import { ApiTokenAuthenticator } from './token-authenticator';
import { TokenCache } from './token-cache';

export interface ApiTokensOptions {
  /** Requests per token per minute (API_TOKEN_RATE_PER_MINUTE unless given). */
  ratePerMinute?: number;
}

/** API tokens: the administrators' endpoints, and the authenticator the HTTP hook asks for `atr_` tokens. */
export function createApiTokensModule(ctx: ModuleContext, options: ApiTokensOptions = {}) {
  // Bounded, and distrusted after 30 s even if no event came (a token revoked by hand in the database).
  const cache = new TokenCache(ctx.bus, { maxEntries: 10_000, ttlMs: 30_000 });
  const authenticator = new ApiTokenAuthenticator({
    db: ctx.db,
    cache,
    limit: new TokenRateLimit(options.ratePerMinute ?? API_TOKEN_RATE_PER_MINUTE),
    now: ctx.clock.now,
    onError: ctx.onError,
  });
  const service = new ApiTokensService(ctx.db, ctx.bus, ctx.clock);
  const module: AtriumModule = {
    name: 'api-tokens',
    routes: (api) => api.register(apiTokensRoutes(service)),
    follow: () => cache.follow(),
  };
  return { module, authenticator };
}
