import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import { isUnavailable } from '../db/errors.js';

/**
 * While PostgreSQL or Redis is away, oidc-provider's endpoints answer like the API does
 * (server/src/lib/errors.ts): 503 with Retry-After and the OAuth error temporarily_unavailable,
 * instead of 500 server_error, so relying parties retry instead of giving up.
 */
export function answerUnavailableWith503(provider: Provider, log: Pick<Logger, 'warn' | 'error'>) {
  provider.on('server_error', (ctx, err) => {
    if (isUnavailable(err)) {
      ctx.state.dependencyUnavailable = true;
      log.warn(`dependency unavailable (provider ${ctx.path}): ${err.message}`);
    } else log.error({ err, path: ctx.path }, 'provider request failed');
  });
  provider.use(async (ctx, next) => {
    await next();
    if (!ctx.state.dependencyUnavailable || ctx.status !== 500) return;
    ctx.status = 503;
    ctx.set('retry-after', '5');
    if (ctx.body && typeof ctx.body === 'object')
      ctx.body = { error: 'temporarily_unavailable', error_description: 'service_unavailable' };
  });
}
