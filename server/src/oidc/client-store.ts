import { randomBytes } from 'node:crypto';
import type { AdminClient, ClientFields } from '@portico/contracts';
import type Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { AppError, notFound } from '../lib/errors.js';
import { deleteClientMemberships } from '../modules/permissions/index.js';
import { PORTAL_CLIENT_ID, withScopesChecked } from './clients.js';
import {
  deleteClientCredentialTokens,
  deleteStoredClient,
  findStoredClient,
  insertStoredClient,
  listStoredClients,
  updateStoredClient,
} from './queries.js';

// Clients kept in the database (issue 31 point 1): made in the admin console or with
// `npm run cli -- clients create`, stored as rows of oidc-provider's `Client` model, which the
// provider reads through the adapter (server/src/oidc/adapter.ts) at each use. So a client made
// on one copy is in use on every copy at once, without a restart. The portal's own client and
// OIDC_CLIENTS_FILE's are configuration: listed, never changed here.

/** A new client secret: 32 random bytes, base64url (oidc-provider compares it as given). */
const newSecret = () => randomBytes(32).toString('base64url');

const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The console's view of a client's metadata. */
export function describeClient(metadata: ClientMetadata, source: AdminClient['source']): AdminClient {
  return {
    clientId: String(metadata.client_id),
    name: typeof metadata.client_name === 'string' ? metadata.client_name : '',
    redirectUris: list(metadata.redirect_uris),
    postLogoutRedirectUris: list(metadata.post_logout_redirect_uris),
    grantTypes: metadata.grant_types ? list(metadata.grant_types) : ['authorization_code'],
    scopes: typeof metadata.scope === 'string' ? metadata.scope.split(' ').filter(Boolean) : [],
    firstParty: metadata.first_party === true,
    tokenAuth: metadata.token_endpoint_auth_method ?? 'client_secret_basic',
    blockId: typeof metadata.block_id === 'string' ? metadata.block_id : null,
    source,
  };
}

/** 400 admin_client_invalid, with what was wrong for the logs and the command line. */
const invalid = (reason: string) => Object.assign(new AppError(400, 'admin_client_invalid'), { reason });

export function createClientStore(db: Db, provider: Provider, configured: readonly ClientMetadata[]) {
  const isConfigured = (clientId: string) => configured.some((c) => c.client_id === clientId);

  /** The metadata the fields make, checked the way the configured clients are, then by the provider itself. */
  async function metadataOf(clientId: string, fields: ClientFields, secret: string | undefined) {
    const grants = fields.grantTypes;
    const metadata: ClientMetadata = {
      client_id: clientId,
      client_name: fields.name,
      application_type: 'web',
      grant_types: [...grants],
      response_types: grants.includes('authorization_code') ? ['code'] : [],
      redirect_uris: [...fields.redirectUris],
      post_logout_redirect_uris: [...fields.postLogoutRedirectUris],
      scope: fields.scopes.join(' '),
      first_party: fields.firstParty,
      token_endpoint_auth_method: fields.tokenAuth,
      ...(fields.blockId ? { block_id: fields.blockId } : {}),
      ...(fields.tokenAuth === 'none' ? {} : { client_secret: secret ?? newSecret() }),
    };
    const checked = withScopesChecked(metadata);
    if (typeof checked === 'string') throw invalid(checked);
    if (grants.includes('authorization_code') && fields.redirectUris.length === 0)
      throw invalid('a client signing people in needs a redirect URI');
    try {
      await provider.Client.validate(checked);
    } catch (err) {
      const e = err as { error_description?: string; message?: string };
      throw invalid(e.error_description ?? e.message ?? 'refused by the provider');
    }
    return checked;
  }

  /** A stored client, or 404; a configured one answers 400 admin_client_read_only. */
  async function stored(tx: Db, clientId: string) {
    if (isConfigured(clientId)) throw new AppError(400, 'admin_client_read_only');
    // Read in the writer's transaction: the embedded database has one connection, which it holds.
    const found = await findStoredClient(tx, clientId);
    if (!found) throw notFound();
    return found as ClientMetadata;
  }

  return {
    async list(): Promise<AdminClient[]> {
      const rows = await listStoredClients(db);
      return [
        ...configured.map((c) => describeClient(c, c.client_id === PORTAL_CLIENT_ID ? 'portal' : 'file')),
        ...rows.map((r) => describeClient(r.payload as ClientMetadata, 'console')),
      ];
    },

    /** Stores a new client; its secret (none for a public client) is answered once. */
    async create(tx: Db, clientId: string, fields: ClientFields) {
      if (isConfigured(clientId)) throw new AppError(409, 'admin_client_exists');
      const metadata = await metadataOf(clientId, fields, undefined);
      if (!(await insertStoredClient(tx, clientId, metadata as Record<string, unknown>)))
        throw new AppError(409, 'admin_client_exists');
      return { client: describeClient(metadata, 'console'), secret: (metadata.client_secret as string) ?? null };
    },

    /** Changes a stored client; its secret stays (a public client has none; one made confidential gets one). */
    async update(tx: Db, clientId: string, fields: ClientFields) {
      const before = await stored(tx, clientId);
      const secret = typeof before.client_secret === 'string' ? before.client_secret : undefined;
      const metadata = await metadataOf(clientId, fields, secret);
      if (!(await updateStoredClient(tx, clientId, metadata as Record<string, unknown>))) throw notFound();
      // A public client made confidential got its first secret: answered this once.
      const made = !secret && typeof metadata.client_secret === 'string' ? metadata.client_secret : null;
      return { client: describeClient(metadata, 'console'), secret: made };
    },

    async rotateSecret(tx: Db, clientId: string) {
      const before = await stored(tx, clientId);
      if (before.token_endpoint_auth_method === 'none') throw invalid('a public client has no secret');
      const metadata = { ...before, client_secret: newSecret() };
      if (!(await updateStoredClient(tx, clientId, metadata as Record<string, unknown>))) throw notFound();
      // The old secret's back-office tokens go with it.
      await deleteClientCredentialTokens(tx, clientId);
      return { client: describeClient(metadata, 'console'), secret: metadata.client_secret };
    },

    async remove(tx: Db, clientId: string) {
      await stored(tx, clientId);
      if (!(await deleteStoredClient(tx, clientId))) throw notFound();
      // A later client of the same id starts with no group of this one's.
      await deleteClientMemberships(tx, clientId);
    },
  };
}

export type ClientStore = ReturnType<typeof createClientStore>;
