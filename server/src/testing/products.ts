import type { ProductScope } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A product's back-office client for OIDC_CLIENTS_FILE (server/src/oidc/clients.ts withScopesChecked). */
export const productClient = (clientId: string, scopes: readonly ProductScope[]) => ({
  client_id: clientId,
  client_secret: `${clientId}-secret-that-is-long-enough-for-tests`,
  grant_types: ['client_credentials'],
  response_types: [],
  redirect_uris: [],
  token_endpoint_auth_method: 'client_secret_basic',
  scope: scopes.join(' '),
});

const basic = (clientId: string) =>
  `Basic ${Buffer.from(`${clientId}:${productClient(clientId, []).client_secret}`).toString('base64')}`;

/** Asks the provider's token endpoint for a client-credentials token; answers the raw reply. */
export const requestProductToken = (app: FastifyInstance, clientId: string, scope: string) =>
  app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      host: 'localhost:3000',
      authorization: basic(clientId),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  });

/** A product's token with these scopes, and a caller that sends it. */
export async function productCaller(app: FastifyInstance, clientId: string, scope: string) {
  const res = await requestProductToken(app, clientId, scope);
  expect(res.statusCode, res.body).toBe(200);
  const token = (res.json() as { access_token: string }).access_token;
  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', authorization: `Bearer ${token}`, ...headers },
      ...(payload ? { payload } : {}),
    });
  return { token, call };
}
