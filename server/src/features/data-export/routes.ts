import { dataExportEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createDataExport } from './service.js';

/** Download my data (contracts/src/data-export.ts): the latest archive, a new one, its download link. */
export async function dataExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const exports = createDataExport(deps);
  const e = dataExportEndpoints;
  handle(app, e.status, (_input, ctx) => exports.status(ctx));
  handle(app, e.request, (_input, ctx) => exports.request(ctx));
  handle(app, e.link, (_input, ctx) => exports.link(ctx));
}
