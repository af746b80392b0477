import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fillPath, notificationEndpoints, type ProductScope } from '@portico/contracts';
import type { RunningServer } from './harness.js';

// A product of the platform, as the back office calls Portico: a client-credentials client in
// OIDC_CLIENTS_FILE, a token from the provider, bearer calls to /api/product/...

export const PRODUCT_CLIENT = { id: 'e2e-backoffice', secret: 'e2e-backoffice-secret-long-enough-for-tests' };

/** Writes the clients file the server starts with; answers its path. */
export async function productClientsFile(scopes: readonly ProductScope[]): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'portico-e2e-clients-')), 'clients.json');
  await writeFile(
    file,
    JSON.stringify([
      {
        client_id: PRODUCT_CLIENT.id,
        client_secret: PRODUCT_CLIENT.secret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: scopes.join(' '),
      },
    ]),
  );
  return file;
}

/** The product's token (client_secret_basic) and a caller that answers `{ status, result }`. */
export async function productApi(server: RunningServer, scope: string) {
  const res = await fetch(`${server.url}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${PRODUCT_CLIENT.id}:${PRODUCT_CLIENT.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}: ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  return async <T = unknown>(method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${server.url}${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await answer.json()) as { result?: T };
    return { status: answer.status, result: json.result as T };
  };
}

/** Names a block in the block registry (notifications:write), as the lines and points show it. */
export async function putBlock(
  product: Awaited<ReturnType<typeof productApi>>,
  blockId: string,
  title: { vi: string; en: string },
) {
  const block = await product('PUT', fillPath(notificationEndpoints.putBlock.path, { blockId }), {
    name: blockId.toUpperCase(),
    title,
  });
  if (block.status !== 200) throw new Error(`block ${blockId}: ${block.status}`);
}
