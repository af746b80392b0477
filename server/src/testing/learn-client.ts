import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './app.js';

/** A first-party relying party of the tests, `learn` (code and refresh grants). */
export const LEARN = {
  clientId: 'learn',
  clientSecret: 'learn-secret-0123456789-0123456789',
  redirectUri: 'http://127.0.0.1:4100/learn/cb',
};

/** A test app whose OIDC_CLIENTS_FILE holds LEARN (connected apps, guardian consent), and `more` clients. */
export async function createAppWithLearn(more: readonly object[] = []): Promise<TestApp> {
  const file = path.join(os.tmpdir(), `portico-learn-client-${process.pid}-${Date.now()}.json`);
  await writeFile(
    file,
    JSON.stringify([
      {
        client_id: LEARN.clientId,
        client_secret: LEARN.clientSecret,
        client_name: 'Learn',
        redirect_uris: [LEARN.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        first_party: true,
      },
      ...more,
    ]),
  );
  return createTestApp({ OIDC_CLIENTS_FILE: file });
}
