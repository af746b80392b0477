import { readFile } from 'node:fs/promises';
import type { ClientMetadata } from 'oidc-provider';
import { ConfigError } from '../config/env.js';

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
  };
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
