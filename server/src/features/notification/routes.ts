import { notificationEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createNotificationService } from './service.js';

/**
 * Notification settings: the person's page (/notification) and the products' API (blocks,
 * modules, a person's choices; client-credentials tokens with notifications:write / :read).
 */
export async function notificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const notifications = createNotificationService(deps);
  const e = notificationEndpoints;
  handle(app, e.config, (_input, { user, caller }) => notifications.config(user.id, caller.locale));
  handle(app, e.save, (input, { user, caller }) => notifications.save(user.id, input, caller.locale));
  handle(app, e.putBlock, (input) => notifications.putBlock(input));
  handle(app, e.putModule, (input) => notifications.putModule(input));
  handle(app, e.deleteModule, (input) => notifications.deleteModule(input));
  handle(app, e.userChoices, (input) => notifications.userChoices(input));
}
