import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
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

const toPayload = (row: OidcRow | undefined): AdapterPayload | undefined => {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
};

/**
 * oidc-provider's storage, one table for every model, so sessions, grants, codes and tokens
 * survive a restart and are shared by every copy of Portico.
 */
export function createOidcAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      // PostgreSQL cannot store U+0000 (lib/input-guard.ts): a client's parameter holding one is refused.
      if (holdsNullByte(id) || holdsNullByte(payload)) throw new errors.InvalidRequest('invalid_input');
      await upsertPayload(db, {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    async find(id: string) {
      return toPayload(await findPayloadBy(db, this.type, 'id', id));
    }

    async findByUserCode(userCode: string) {
      return toPayload(await findPayloadBy(db, this.type, 'userCode', userCode));
    }

    async findByUid(uid: string) {
      return toPayload(await findPayloadBy(db, this.type, 'uid', uid));
    }

    async consume(id: string) {
      await consumePayload(db, this.type, id);
    }

    async destroy(id: string) {
      await deletePayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string) {
      await deleteByGrantId(db, grantId);
    }
  };
}
