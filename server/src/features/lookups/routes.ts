import { lookupsEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createLookupService } from './service.js';

/** Lookups: searched by signed-in people (the profile form), kept by the back office (lookups:write). */
export async function lookupRoutes(app: FastifyInstance, deps: AppDeps) {
  const lookups = createLookupService(deps);
  const e = lookupsEndpoints;
  handle(app, e.search, (input, { caller }) => lookups.search(input, caller.locale));
  handle(app, e.byId, ({ id }, { caller }) => lookups.byId(id, caller.locale));
  handle(app, e.productList, (input) => lookups.list(input));
  handle(app, e.create, (input) => lookups.create(input));
  handle(app, e.update, (input) => lookups.update(input));
}
