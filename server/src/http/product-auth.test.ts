import path from 'node:path';
import { fillPath, PRODUCT_SCOPES } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { errorKey, signedInUser } from '../testing/account.js';
import { useTestApp, writeClientsFile } from '../testing/app.js';
import { productCaller, productClient } from '../testing/products.js';

// Every back-office endpoint (auth 'product', server/src/features/auth/product.ts), whatever
// feature registered it: 401 without a token, 403 with a person's who holds no back-office
// permission (server/src/modules/permissions) or a product token that lacks the endpoint's scope,
// before its input is read.

const clientsFile = path.join(process.env.TMPDIR ?? '/tmp', `portico-product-auth-${process.pid}.json`);
const clients = PRODUCT_SCOPES.map((scope) => productClient(`only-${scope.replace(':', '-')}`, [scope]));

describe('the back-office door', async () => {
  await writeClientsFile(clientsFile, clients);
  const t = useTestApp({ OIDC_CLIENTS_FILE: clientsFile });

  it('refuses each product endpoint to a token without its scope, to no token, and to a person without the permission', async () => {
    const person = await signedInUser(t, { email: 'door@example.com' });
    const callers = await Promise.all(
      clients.map(async (c) => ({ scope: c.scope, ...(await productCaller(t.app, c.client_id, c.scope)) })),
    );
    const endpoints = t.app.endpoints.filter((e) => e.auth === 'product');
    expect(endpoints.length).toBeGreaterThanOrEqual(11);
    for (const endpoint of endpoints) {
      const url = fillPath(endpoint.path, { blockId: 'b', moduleName: 'm', userId: person.id, id: 1, code: 'g' });
      const method = endpoint.method as 'GET' | 'PUT' | 'POST' | 'DELETE';
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect(errorKey(await t.app.inject({ method, url, ...(payload ? { payload } : {}) }), 401), url).toBe(
        'unauthorized',
      );
      expect(errorKey(await person.call(method, url, payload), 403), url).toBe('forbidden');
      for (const caller of callers.filter((c) => c.scope !== endpoint.scope))
        expect(errorKey(await caller.call(method, url, payload), 403), `${method} ${url} with ${caller.scope}`).toBe(
          'forbidden',
        );
    }
  });
});
