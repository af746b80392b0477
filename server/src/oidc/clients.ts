import { readFile } from 'node:fs/promises';
import { isProductScope, PRODUCT_SCOPES } from '@portico/contracts';
import type { ClientMetadata } from 'oidc-provider';
import { ConfigError } from '../config/env.js';

/** What a person's sign-in may grant a relying party. */
export const USER_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** Every scope the provider knows: a person's, and the products' back-office ones (contracts/src/endpoint.ts). */
export const PROVIDER_SCOPES = [...USER_SCOPES, ...PRODUCT_SCOPES];

export const PORTAL_CLIENT_ID = 'portal';

/** The portal's own web app: a first-party public client using code + PKCE. */
export function portalClient(publicUrl: string): ClientMetadata {
  const at = (p: string) => [`${publicUrl}${p}`, `${publicUrl}/en-us${p}`];
  return {
    client_id: PORTAL_CLIENT_ID,
    client_name: 'Portico',
    token_endpoint_auth_method: 'none',
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [...at('/callback'), ...at('/silent-renew')],
    post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/en-us/`, ...at('/login'), ...at('/logout')],
    first_party: true,
    scope: USER_SCOPES.join(' '),
  };
}

/** How the product API names a person of the back office calling with their own sign-in (features/auth/product.ts). */
export const PERSON_CALLER_PREFIX = 'user:';

const scopesOf = (client: ClientMetadata) => (typeof client.scope === 'string' ? client.scope.split(' ') : []);

/**
 * A client's scopes made explicit, so that the provider itself keeps the two kinds apart (it
 * refuses a scope outside a client's `scope` with invalid_scope): a client of the products' back
 * office (grant `client_credentials`) only that grant and product scopes, named; any other client
 * a person's scopes only (USER_SCOPES when it names none). A user's sign-in thus never carries
 * `kyc:review`, and a product's token never stands for a person. Answers the problem, if any.
 */
export function withScopesChecked(client: ClientMetadata): ClientMetadata | string {
  if (String(client.client_id).startsWith(PERSON_CALLER_PREFIX))
    return `a client_id may not begin with ${PERSON_CALLER_PREFIX} (the back office's name for a person calling)`;
  const grants = Array.isArray(client.grant_types) ? client.grant_types : ['authorization_code'];
  const scopes = scopesOf(client);
  if (grants.includes('client_credentials')) {
    if (grants.length !== 1)
      return 'a client_credentials client takes no other grant type (a product signs people in with another client)';
    if (client.token_endpoint_auth_method === 'none') return 'a client_credentials client must authenticate';
    if (!scopes.length || !scopes.every(isProductScope))
      return `a client_credentials client names its scopes, among ${PRODUCT_SCOPES.join(', ')}`;
    return { response_types: [], redirect_uris: [], ...client };
  }
  if (scopes.some(isProductScope)) return 'product scopes are for client_credentials clients only';
  return scopes.length ? client : { ...client, scope: USER_SCOPES.join(' ') };
}

/** Extra clients from OIDC_CLIENTS_FILE: a JSON array of oidc-provider client metadata. */
export async function loadClientsFile(file: string | undefined): Promise<ClientMetadata[]> {
  if (!file) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration:\n  OIDC_CLIENTS_FILE: cannot read JSON from ${file} (${(err as Error).message})`,
    );
  }
  if (!Array.isArray(parsed) || parsed.some((c) => typeof c !== 'object' || !c || typeof c.client_id !== 'string')) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENTS_FILE: must be a JSON array of objects with client_id',
    );
  }
  return parsed as ClientMetadata[];
}
