import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { KeyValueStore } from '../adapters/kv/index.js';
import { type ChangeCache, createChangeCache } from '../db/change-cache.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db } from '../db/client.js';
import { holdsNullByte } from '../lib/input-guard.js';
import {
  consumePayload,
  deleteByGrantId,
  deletePayload,
  findPayloadBy,
  type OidcRow,
  upsertPayload,
} from './queries.js';

type Store = Omit<Adapter, 'upsert'> & {
  upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
};

const epochNow = () => Math.floor(Date.now() / 1000);

// Grants kept in memory per copy (server/src/db/change-cache.ts).
const KEPT_GRANTS = { maxEntries: 10_000, maxAgeMs: 60_000 };

const toPayload = (row: OidcRow | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
};

/**
 * One table for every model (server/src/oidc/queries.ts): survives a restart, shared by every copy.
 * With `kept`, found rows are kept in memory until the change feed hears of them (grants, read on
 * every refresh; migration 0008_change_feed.sql), and each caller gets its own copy to change.
 */
function databaseStore(db: Db, type: string, kept?: ChangeCache<AdapterPayload>): Store {
  const findById = async (id: string) => toPayload(await findPayloadBy(db, type, 'id', id));
  return {
    async upsert(id, payload, expiresIn) {
      await upsertPayload(db, {
        id,
        type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    },
    async find(id) {
      if (!kept) return findById(id);
      const payload = await kept.read(
        id,
        () => findById(id),
        () => [`${type.toLowerCase()}:${id}`],
      );
      return payload && !((payload.exp ?? Number.POSITIVE_INFINITY) <= epochNow())
        ? structuredClone(payload)
        : undefined;
    },
    findByUserCode: async (userCode) => toPayload(await findPayloadBy(db, type, 'userCode', userCode)),
    findByUid: async (uid) => toPayload(await findPayloadBy(db, type, 'uid', uid)),
    consume: (id) => consumePayload(db, type, id),
    destroy: (id) => deletePayload(db, type, id),
    revokeByGrantId: (grantId) => deleteByGrantId(db, grantId),
  };
}

// The models oidc-provider revokes with their grant (node_modules/oidc-provider/lib/helpers/revoke.js).
const REVOCABLE = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'PreAuthorizedCode']);

/**
 * A model read only by its id, for at most `ttl` seconds, in the key-value store: the payload
 * under `oidc:<type>:<id>`, its consumption under `...:consumed`, and a grant's revocation under
 * `oidc:<type>:revoked:<grantId>` (what was issued under the grant before that moment is refused).
 */
function keyValueStore(kv: KeyValueStore, type: string, ttl: number): Store {
  const key = (id: string) => `oidc:${type}:${id}`;
  const revokedKey = (grantId: string) => `oidc:${type}:revoked:${grantId}`;
  return {
    async upsert(id, payload, expiresIn) {
      await kv.set(key(id), JSON.stringify(payload), expiresIn || ttl);
    },
    async find(id) {
      const [raw, consumed] = await kv.getMany([key(id), `${key(id)}:consumed`]);
      if (!raw) return undefined;
      const payload = JSON.parse(raw) as AdapterPayload;
      if (payload.grantId && REVOCABLE.has(type)) {
        const revokedAt = await kv.get(revokedKey(payload.grantId));
        if (revokedAt && (payload.iat ?? 0) <= Number(revokedAt)) return undefined;
      }
      return consumed ? { ...payload, consumed: Number(consumed) } : payload;
    },
    // Looked up by id only (oidc-provider finds sessions by uid, device codes by user code; neither lives here).
    findByUserCode: async () => undefined,
    findByUid: async () => undefined,
    async consume(id) {
      await kv.set(`${key(id)}:consumed`, String(epochNow()), ttl);
    },
    async destroy(id) {
      await kv.del(key(id));
    },
    async revokeByGrantId(grantId) {
      await kv.set(revokedKey(grantId), String(epochNow()), ttl);
    },
  };
}

/**
 * oidc-provider's storage. Sessions, grants and tokens are rows of one table, so they survive a
 * restart and are shared by every copy of Portico. The models in `shortLived` (interactions and
 * authorization codes: minutes, read by id, never by SQL) go to the key-value store when it is
 * given, sparing the database several statements per sign-in (server/src/oidc/provider.ts says
 * when it is: Redis, shared by every copy, or the process's memory beside the embedded database,
 * which one process owns).
 */
export function createOidcAdapter(
  db: Db,
  opts: { kv?: KeyValueStore; shortLived?: Record<string, number>; changes?: ChangeFeed } = {},
) {
  const { changes } = opts;
  const storeFor = (type: string): Store => {
    const ttl = opts.shortLived?.[type];
    if (opts.kv && ttl) return keyValueStore(opts.kv, type, ttl);
    const kept = type === 'Grant' && changes ? createChangeCache<AdapterPayload>(changes, KEPT_GRANTS) : undefined;
    return databaseStore(db, type, kept);
  };
  return class OidcAdapter implements Adapter {
    private readonly store: Store;

    constructor(type: string) {
      this.store = storeFor(type);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      // PostgreSQL cannot store U+0000 (lib/input-guard.ts): a client's parameter holding one is
      // refused, wherever the model is kept, so that both stores answer alike.
      if (holdsNullByte(id) || holdsNullByte(payload)) throw new errors.InvalidRequest('invalid_input');
      await this.store.upsert(id, payload, expiresIn);
    }

    find(id: string) {
      return this.store.find(id);
    }

    findByUserCode(userCode: string) {
      return this.store.findByUserCode(userCode);
    }

    findByUid(uid: string) {
      return this.store.findByUid(uid);
    }

    consume(id: string) {
      return this.store.consume(id);
    }

    destroy(id: string) {
      return this.store.destroy(id);
    }

    revokeByGrantId(grantId: string) {
      return this.store.revokeByGrantId(grantId);
    }
  };
}
