import { formatPersonName, type ProductUser, productUserEndpoints } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { handle } from '../../http/endpoint.js';
import { notFound } from '../../lib/errors.js';
import { findUserById } from '../../modules/users/index.js';

/**
 * The products' read of a person (users:read): names, avatar and language of a live account;
 * nothing of its sign-in names, contacts or security. A deleted or unknown id is 404 alike.
 */
export async function productUserRoutes(app: FastifyInstance, { database }: AppDeps) {
  handle(app, productUserEndpoints.read, async ({ userId }): Promise<ProductUser> => {
    const user = await findUserById(database.db, userId);
    if (!user) throw notFound();
    return {
      id: user.id,
      firstName: user.firstName || null,
      lastName: user.lastName || null,
      fullName: formatPersonName(user, user.languageId) || null,
      avatar: user.avatar,
      languageId: user.languageId,
      createdDate: user.createdAt.toISOString(),
    };
  });
}
