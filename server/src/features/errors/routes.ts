import { AUTH_PATHS, type ErrorLookupAnswer } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { notFound, parseInput } from '../../lib/errors.js';
import { lookUpError } from './service.js';

const query = z.object({ errorid: z.string({ error: 'not_found' }).min(1, 'not_found').max(64, 'not_found') });

export async function errorRoutes(app: FastifyInstance, { kv }: AppDeps) {
  app.get(AUTH_PATHS.errorLookup, async (request) => {
    const { errorid } = parseInput(query, request.query);
    const found = await lookUpError(kv, errorid);
    if (!found) throw notFound();
    const result: ErrorLookupAnswer = found;
    return { result };
  });
}
