import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from '../../adapters/kv/index.js';

// Errors of the OIDC endpoints are shown by the web app's /error page: the provider keeps the
// details for an hour under a random id, and the page looks them up with that id.
const TTL_SECONDS = 60 * 60;
const key = (id: string) => `oidc-error:${id}`;

import type { ErrorLookupAnswer } from '@portico/contracts';

export type StoredError = ErrorLookupAnswer;

export async function storeError(kv: KeyValueStore, value: StoredError): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await kv.set(key(id), JSON.stringify(value), TTL_SECONDS);
  return id;
}

export async function lookUpError(kv: KeyValueStore, id: string): Promise<StoredError | null> {
  const raw = await kv.get(key(id));
  return raw ? (JSON.parse(raw) as StoredError) : null;
}
