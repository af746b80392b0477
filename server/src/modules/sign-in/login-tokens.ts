import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_LOGIN_TTL_SECONDS } from '@portico/contracts';
import type { KeyValueStore } from '../../adapters/kv/index.js';

// One-time login tokens, spent by the token-login page (server/src/features/token-login): they
// live in the shared key-value store (Redis when several copies run, server/src/adapters/kv/port.ts)
// for their 60 seconds, keyed by their SHA-256 so a store dump holds nothing usable. Single use:
// the first taker's increment of the `used` counter is 1.

/** Who a token signs in, and what it came from. */
export type LoginTokenGrant = (
  | {
      /** A first-party app's session handed to a browser (spec sign-in §2 token login). */
      kind: 'app';
      /** The first-party app that asked for it. */
      clientId: string;
      /** The app's provider session the token came from; it must still be alive when used. */
      sessionUid: string;
    }
  | {
      /**
       * A password just reset with no sign-in to finish (features/forgot-password): the browser
       * that reset it signs in to the portal as after a password step (two-step still asked).
       */
      kind: 'reset';
      /** The reset's code went to the account's e-mail: e-mail is then no second factor. */
      firstFactorByEmail: boolean;
    }
) & {
  userId: string;
  /** Epoch milliseconds after which it is refused, whatever the store's expiry did. */
  expiresAt: number;
};

/** A grant to store: one of the kinds, without its expiry (set here). */
type NewGrant = LoginTokenGrant extends infer G ? (G extends unknown ? Omit<G, 'expiresAt'> : never) : never;

const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const dataKey = (id: string) => `token-login:${id}`;
const usedKey = (id: string) => `token-login:used:${id}`;

export async function storeLoginToken(kv: KeyValueStore, grant: NewGrant): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const value = { ...grant, expiresAt: Date.now() + TOKEN_LOGIN_TTL_SECONDS * 1000 };
  await kv.set(dataKey(idOf(token)), JSON.stringify(value), TOKEN_LOGIN_TTL_SECONDS);
  return token;
}

/** The token's grant, once: a second taker, even at the same moment, gets null, as does an expired token. */
export async function takeLoginToken(kv: KeyValueStore, token: string): Promise<LoginTokenGrant | null> {
  const id = idOf(token);
  const raw = await kv.get(dataKey(id));
  if (!raw) return null;
  // incr is atomic in both stores: exactly one caller sees 1.
  if ((await kv.incr(usedKey(id), TOKEN_LOGIN_TTL_SECONDS)) !== 1) return null;
  await kv.del(dataKey(id));
  // A token stored before grants had kinds (a rolling restart) was an app's.
  const grant = { kind: 'app', ...JSON.parse(raw) } as LoginTokenGrant;
  return grant.expiresAt > Date.now() ? grant : null;
}
