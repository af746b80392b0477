import { campaignEndpoints as E } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createCampaignService } from './service.js';

/** Sign-in campaigns in the admin console (contracts/src/campaigns.ts). */
export async function campaignRoutes(app: FastifyInstance, deps: AppDeps) {
  const campaigns = createCampaignService(deps);
  handle(app, E.list, () => campaigns.list());
  handle(app, E.create, (input, { admin, caller }) => campaigns.create(admin, caller, input));
  handle(app, E.update, ({ id, ...fields }, { admin, caller }) => campaigns.update(admin, caller, id, fields));
}
