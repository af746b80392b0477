import { addressEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { createAddressService } from './service.js';

/** The address book (spec account §7 Addresses) and the localities of its picker. */
export async function addressRoutes(app: FastifyInstance, deps: AppDeps) {
  const book = createAddressService(deps);
  const e = addressEndpoints;
  handle(app, e.localities, async ({ scheme, parent }, { reply }) => {
    const list = await book.localities(scheme, parent);
    // The same for everyone and changed only with the dataset packages: browsers keep it a day
    // (a refusal is not kept).
    reply.header('cache-control', 'public, max-age=86400');
    return list;
  });
  handle(app, e.list, (_input, { user }) => book.list(user.id));
  handle(app, e.hasDefault, (_input, { user }) => book.hasDefault(user.id));
  handle(app, e.nameAndPhone, (_input, { user, caller }) => book.nameAndPhone(user, caller.locale));
  handle(app, e.get, ({ userAddressId }, { user }) => book.get(user.id, userAddressId));
  handle(app, e.create, (input, { user }) => book.create(user.id, input));
  handle(app, e.update, (input, { user }) => book.update(user.id, input));
  handle(app, e.remove, ({ userAddressId }, { user }) => book.remove(user.id, userAddressId));
}
