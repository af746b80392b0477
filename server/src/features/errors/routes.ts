import { errorsEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { lookUpError } from './service.js';

export async function errorRoutes(app: FastifyInstance, { kv }: AppDeps) {
  handle(app, errorsEndpoints.lookup, async ({ errorid }) => {
    const found = await lookUpError(kv, errorid);
    if (!found) throw notFound();
    return found;
  });
}
