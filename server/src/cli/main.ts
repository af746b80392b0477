import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { clientFields, clientId } from '@portico/contracts';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config/env.js';
import { loadEnvFile } from '../config/env-file.js';
import {
  generateSecrets,
  rotateSigningKeys,
  type Secrets,
  type StoredSecrets,
  saveSecretsFile,
  secretsFileOf,
} from '../config/secrets.js';
import { openDatabase } from '../db/client.js';
import { closeDeps, createDeps } from '../deps.js';
import { AppError } from '../lib/errors.js';
import { createLogger } from '../lib/log.js';
import { hashPassword } from '../lib/password.js';
import { recordAudit } from '../modules/audit/index.js';
import { inTransaction } from '../modules/events/index.js';
import { isAcceptablePassword } from '../modules/password/index.js';
import { addMember } from '../modules/permissions/index.js';
import { CONTACT_EMAIL, findUserByLoginName, insertRegisteredUser } from '../modules/users/index.js';
import { createClientStore } from '../oidc/client-store.js';
import { exportUsers, importUser, userLine } from './users-file.js';

// The command line for operators (issue 31 point 4): `npm run cli -- <command>`, or
// `npx portico <command>` (server/bin/portico.mjs). It reads the configuration the server reads
// (the environment and `.env`) and works on the same database. Results go to stdout, one line
// each; errors to stderr with exit code 1 (78 for the configuration).

const USAGE = `Usage: portico <command>

  migrate                          apply the database migrations, then stop
  admin create --email <e-mail> [--password <p>] [--first-name <n>] [--last-name <n>]
                                   make an account (or an existing one) a member of "administrators"
  clients list                     the provider's clients (configured and stored)
  clients create --id <id> --name <name> [--redirect-uri <uri>]... [--post-logout-uri <uri>]...
                 [--grant authorization_code|refresh_token|client_credentials]... [--scope <s>]...
                 [--auth client_secret_basic|client_secret_post|none] [--first-party]
                                   store a client (used by every copy at once); prints its secret once
  secrets generate                 new COOKIE_KEYS, ENCRYPTION_KEY and JWKS for a production .env
  keys rotate [--file <jwks.json>] [--sign-after <seconds>]
                                   new signing keys: they sign from the next start (with --sign-after,
                                   from the first start that many seconds on: restart every copy now
                                   to publish them, and again after); the old ones keep verifying for
                                   a day after they stop signing, then go. Rewrites --file, else
                                   prints the new JWKS when JWKS is set, else rewrites
                                   DATA_DIR/secrets.json
  users export                     every live account as JSON lines (passwords as argon2 hashes)
  users import <file|->            add the accounts of an export; taken ids or addresses are skipped
`;

/** Something the operator asked that cannot be done: one line, exit 1. */
class CliError extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);

/** An audit entry of the command line: no operator, no address. */
const cliEntry = (action: string, detail: Record<string, unknown>) => ({
  actorId: null,
  action,
  targetKind: 'user' as const,
  targetId: null,
  detail: { via: 'cli', ...detail },
});

/** The configuration and the database, opened and migrated (openDatabase applies the migrations). */
async function open() {
  const config = loadConfig();
  const log = createLogger('warn');
  const database = await openDatabase({
    ...(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.dataDir, 'pglite') }),
    warn: (m) => log.warn(m),
  });
  return { config, log, database };
}

async function withDatabase<T>(work: (opened: Awaited<ReturnType<typeof open>>) => Promise<T>): Promise<T> {
  const opened = await open();
  try {
    return await work(opened);
  } finally {
    await opened.database.close();
  }
}

/** The whole app without listening: for what needs the provider (a client checked as the server checks it). */
async function withApp<T>(
  work: (app: Awaited<ReturnType<typeof buildApp>>, deps: Awaited<ReturnType<typeof createDeps>>) => Promise<T>,
) {
  const { config, log, database } = await open();
  const deps = await createDeps(config, database, { log });
  const app = await buildApp(deps, { webDist: false });
  try {
    return await work(app, deps);
  } finally {
    await app.close();
    await closeDeps(deps);
  }
}

async function createAdmin(values: Record<string, string | boolean | string[] | undefined>) {
  const email = String(values.email ?? '')
    .trim()
    .toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliError('admin create: --email <e-mail> is required');
  const given = typeof values.password === 'string' ? values.password : undefined;
  if (given !== undefined && !isAcceptablePassword(given))
    throw new CliError('admin create: the password does not meet the password rule (8+ characters, mixed, not common)');
  await withDatabase(async ({ database }) => {
    const db = database.db;
    const existing = await findUserByLoginName(db, CONTACT_EMAIL, email);
    const password = existing ? undefined : (given ?? `${randomBytes(12).toString('base64url')}a1!A`);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const id = existing?.id ?? randomUUID();
    await inTransaction(db, async (tx) => {
      if (!existing)
        await insertRegisteredUser(
          tx,
          {
            id,
            firstName: String(values['first-name'] ?? 'Admin'),
            lastName: String(values['last-name'] ?? ''),
            passwordHash,
          },
          { type: CONTACT_EMAIL, value: email, confirmed: true },
        );
      if (!(await addMember(tx, 'administrators', 'user', id)))
        throw new CliError('the administrators group is missing');
      await recordAudit(tx, {
        actorId: null,
        action: 'admin_create',
        targetKind: 'user',
        targetId: id,
        detail: { via: 'cli' },
      });
    });
    out(`administrator: ${email} (${id})${existing ? ', an existing account' : ''}`);
    if (password && !given) out(`password: ${password}`);
  });
}

const many = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

async function createClient(values: Record<string, string | boolean | string[] | undefined>) {
  const id = clientId.safeParse(values.id);
  if (!id.success) throw new CliError('clients create: --id must be 3 to 64 of a-z 0-9 . _ -');
  const grants = many(values.grant);
  const fields = clientFields.safeParse({
    name: values.name,
    redirectUris: many(values['redirect-uri']),
    postLogoutRedirectUris: many(values['post-logout-uri']),
    grantTypes: grants.length ? grants : ['authorization_code', 'refresh_token'],
    scopes: many(values.scope).length ? many(values.scope) : ['openid', 'profile', 'email', 'offline_access'],
    firstParty: values['first-party'] === true,
    tokenAuth: values.auth ?? 'client_secret_basic',
  });
  if (!fields.success)
    throw new CliError(
      `clients create: ${fields.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  await withApp(async (app, deps) => {
    const store = createClientStore(deps.database.db, app.oidc, deps.clients);
    const made = await inTransaction(deps.database.db, async (tx) => {
      const client = await store.create(tx, id.data, fields.data);
      await recordAudit(tx, {
        actorId: null,
        action: 'client_create',
        targetKind: 'client',
        targetId: id.data,
        detail: { via: 'cli', fields: fields.data },
      });
      return client;
    });
    out(`client: ${made.client.clientId}`);
    if (made.secret) out(`secret: ${made.secret}`);
  });
}

async function listClients() {
  await withApp(async (app, deps) => {
    const store = createClientStore(deps.database.db, app.oidc, deps.clients);
    for (const c of await store.list())
      out(`${c.clientId}\t${c.source}\t${c.grantTypes.join(',')}\t${c.scopes.join(' ')}\t${c.redirectUris.join(' ')}`);
  });
}

async function generate() {
  const secrets = await generateSecrets();
  out(`COOKIE_KEYS=${secrets.cookieKeys.join(',')}`);
  out(`ENCRYPTION_KEY=${secrets.encryptionKey}`);
  out(`JWKS='${JSON.stringify(secrets.jwks)}'`);
}

async function rotate(values: Record<string, string | boolean | string[] | undefined>) {
  const kids = (jwks: Secrets['jwks']) => jwks.keys.filter((k) => !k.retired_at).map((k) => `${k.alg} ${k.kid}`);
  const raw = values['sign-after'];
  const signAfterSeconds = raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(signAfterSeconds) || signAfterSeconds < 0 || signAfterSeconds > 30 * 86_400)
    throw new CliError('keys rotate: --sign-after takes whole seconds, at most 30 days');
  const rotateKeys = (jwks: Secrets['jwks']) => rotateSigningKeys(jwks, Date.now(), { signAfterSeconds });
  if (typeof values.file === 'string') {
    const jwks = JSON.parse(await readFile(values.file, 'utf8')) as Secrets['jwks'];
    const next = await rotateKeys(jwks);
    await writeFile(values.file, JSON.stringify(next, null, 2), { mode: 0o600 });
    out(`rotated ${values.file}: ${kids(next).join(', ')}`);
    return;
  }
  const config = loadConfig();
  if (config.JWKS) {
    out(JSON.stringify(await rotateKeys(JSON.parse(config.JWKS) as Secrets['jwks'])));
    return;
  }
  const file = secretsFileOf(config.dataDir);
  let stored: StoredSecrets;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch {
    throw new CliError(`keys rotate: no key set to rotate (JWKS is not set and ${file} cannot be read)`);
  }
  const next = { ...stored, jwks: await rotateKeys(stored.jwks) };
  await saveSecretsFile(config.dataDir, next);
  out(
    signAfterSeconds > 0
      ? `rotated ${file}: ${kids(next.jwks).join(', ')}; restart every copy now to publish them, and again in ${signAfterSeconds} s to sign with them`
      : `rotated ${file}: ${kids(next.jwks).join(', ')}; restart every copy to sign with them`,
  );
}

async function importUsers(source: string | undefined) {
  if (!source) throw new CliError('users import: name a file, or - for stdin');
  await withDatabase(async ({ database }) => {
    const lines = createInterface({
      input: source === '-' ? process.stdin : createReadStream(source),
      crlfDelay: Infinity,
    });
    let added = 0;
    let skipped = 0;
    let number = 0;
    for await (const text of lines) {
      number++;
      if (!text.trim()) continue;
      let parsed: ReturnType<typeof userLine.safeParse>;
      try {
        parsed = userLine.safeParse(JSON.parse(text));
      } catch {
        throw new CliError(`users import: line ${number} is not JSON`);
      }
      if (!parsed.success) throw new CliError(`users import: line ${number}: ${parsed.error.issues[0]?.message}`);
      if (await importUser(database.db, parsed.data)) added++;
      else {
        skipped++;
        process.stderr.write(`skipped line ${number}: id or a confirmed address already here (${parsed.data.id})\n`);
      }
    }
    await recordAudit(database.db, cliEntry('users_import', { added, skipped }));
    out(`imported ${added}, skipped ${skipped}`);
  });
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      id: { type: 'string' },
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'post-logout-uri': { type: 'string', multiple: true },
      grant: { type: 'string', multiple: true },
      scope: { type: 'string', multiple: true },
      auth: { type: 'string' },
      'first-party': { type: 'boolean' },
      file: { type: 'string' },
      'sign-after': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, sub, arg] = positionals;
  const key = sub && command !== 'migrate' ? `${command} ${sub}` : command;
  switch (key) {
    case 'migrate':
      await withDatabase(async ({ database }) => out(`migrations applied (${database.kind})`));
      return 0;
    case 'admin create':
      await createAdmin(values);
      return 0;
    case 'clients list':
      await listClients();
      return 0;
    case 'clients create':
      await createClient(values);
      return 0;
    case 'secrets generate':
      await generate();
      return 0;
    case 'keys rotate':
      await rotate(values);
      return 0;
    case 'users export':
      await withDatabase(async ({ database }) => {
        let count = 0;
        for await (const line of exportUsers(database.db)) {
          out(JSON.stringify(line));
          count++;
        }
        // Every password hash left the database: the audit log says when and how many.
        await recordAudit(database.db, cliEntry('users_export', { count }));
      });
      return 0;
    case 'users import':
      await importUsers(arg);
      return 0;
    default:
      process.stdout.write(USAGE);
      return values.help || !command ? 0 : 1;
  }
}

/** The program: `.env` read, the command run, the exit code set (server/bin/portico.mjs, scripts/cli.mjs). */
export async function main(argv: string[]): Promise<void> {
  loadEnvFile();
  try {
    process.exitCode = await run(argv);
  } catch (err) {
    const message =
      err instanceof CliError || err instanceof ConfigError
        ? err.message
        : err instanceof AppError
          ? `${err.messageKey}${'reason' in err ? `: ${String(err.reason)}` : ''}`
          : String((err as Error)?.stack ?? err);
    process.stderr.write(`${message}\n`);
    process.exitCode = err instanceof ConfigError ? 78 : 1;
  }
}
