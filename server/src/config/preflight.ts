import type { ClientMetadata } from 'oidc-provider';
import type { KeyValueStore } from '../adapters/kv/index.js';
import type { Db } from '../db/client.js';
import { loadClientsFile, portalClient, withScopesChecked } from '../oidc/clients.js';
import { createProvider } from '../oidc/provider.js';
import { type Config, ConfigError } from './env.js';
import { loadSecrets, type Secrets } from './secrets.js';

// Preflight must not touch the database or Redis: it runs before either is opened.
const untouchable = <T>(name: string) =>
  new Proxy({} as object, {
    get: () => {
      throw new Error(`preflight touched the ${name}`);
    },
  }) as T;

/**
 * Everything the configuration names that can be checked without the database: secrets (a JWKS
 * the provider accepts) and the client list (each client's metadata as oidc-provider validates it),
 * so a mistake stops the start with one line naming the variable (server/src/main.ts).
 */
export async function preflight(config: Config): Promise<{ secrets: Secrets; clients: ClientMetadata[] }> {
  const secrets = await loadSecrets(config);
  const listed = await loadClientsFile(config.OIDC_CLIENTS_FILE);
  const ids = new Set<string>();
  const extra: ClientMetadata[] = [];
  for (const c of listed) {
    if (ids.has(String(c.client_id)) || c.client_id === portalClient(config.publicUrl).client_id)
      throw new ConfigError(`Invalid configuration:\n  OIDC_CLIENTS_FILE: client "${c.client_id}" is listed twice`);
    ids.add(String(c.client_id));
    const checked = withScopesChecked(c);
    if (typeof checked === 'string')
      throw new ConfigError(`Invalid configuration:\n  OIDC_CLIENTS_FILE: client "${c.client_id}": ${checked}`);
    extra.push(checked);
  }
  const clients = [portalClient(config.publicUrl), ...extra];
  let provider: ReturnType<typeof createProvider>;
  try {
    provider = createProvider({
      issuer: config.issuer,
      db: untouchable<Db>('database'),
      kv: untouchable<KeyValueStore>('key-value store'),
      clients,
      cookieKeys: secrets.cookieKeys,
      jwks: secrets.jwks,
      secureCookies: config.publicUrl.startsWith('https:'),
      trustProxy: config.TRUST_PROXY,
    });
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  JWKS: ${(err as Error).message}`);
  }
  for (const client of clients) {
    try {
      await provider.Client.validate(client);
    } catch (err) {
      const { error_description, message } = err as { error_description?: string; message: string };
      throw new ConfigError(
        `Invalid configuration:\n  OIDC_CLIENTS_FILE: client "${client.client_id}": ${error_description ?? message}`,
      );
    }
  }
  return { secrets, clients };
}
