import type { FastifyInstance } from 'fastify';

/**
 * A copy that is about to stop (SIGTERM in a rolling restart; server/src/main.ts) first drains:
 * `/readyz` answers 503 so the balancer stops sending new work (server/src/features/health/routes.ts),
 * every answer closes its keep-alive connection so the proxy opens the next one to another copy,
 * and the hub's open streams end at once so browsers reconnect elsewhere (server/src/http/endpoint.ts).
 * Requests keep being served normally until the server closes.
 */
export type Drain = {
  readonly draining: boolean;
  start(): void;
  onStart(listener: () => void): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export function installDrain(app: FastifyInstance) {
  let draining = false;
  const listeners: (() => void)[] = [];
  const drain: Drain = {
    get draining() {
      return draining;
    },
    start() {
      if (draining) return;
      draining = true;
      for (const listener of listeners) listener();
    },
    onStart(listener) {
      listeners.push(listener);
    },
  };
  app.decorate('drain', drain);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
