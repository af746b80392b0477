import { createHmac, timingSafeEqual } from 'node:crypto';
import { ageOn, type Locale } from '@portico/contracts';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { translate } from '../../lib/i18n.js';
import { deriveKey } from '../../lib/keys.js';
import type { User } from '../users/index.js';
import { findBirthdates, findConsentedAmong, findGuardianConsent, type GuardianConsentRow } from './queries.js';

type RuleDeps = Pick<AppDeps, 'database' | 'config' | 'secrets'>;

/**
 * The children's rule (issue 32 point 4; docs/children.md): who is a child (the birth date, today:
 * at GUARDIAN_CONSENT_AGE the account carries on by itself), whether a child's account still waits
 * for its guardian, the text they consent to, and the withdrawal links of the guardian's messages.
 */
export function createGuardianRule(deps: RuleDeps) {
  const { config } = deps;
  const db = deps.database.db;
  // Derived when a link is made or read, not on every sign-in that only asks `awaits`.
  let macKey: Buffer | undefined;
  const macOf = (row: Pick<GuardianConsentRow, 'userId' | 'guardian' | 'askedAt'>) => {
    macKey ??= deriveKey(deps.secrets.encryptionKey, 'guardian-withdrawal');
    return createHmac('sha256', macKey)
      .update(`${row.userId}\n${row.guardian}\n${row.askedAt.getTime()}`)
      .digest('base64url');
  };

  const ageOf = (user: Pick<User, 'birthdate'>, now = new Date()) => ageOn(user.birthdate, now);
  const isChild = (user: Pick<User, 'birthdate'>, now = new Date()) => {
    const age = ageOf(user, now);
    return config.GUARDIAN_CONSENT_AGE > 0 && age !== null && age < config.GUARDIAN_CONSENT_AGE;
  };

  /**
   * Whether the account waits for its guardian: a child whose guardian has not consented. An
   * adult (or an account without a birth date) never reads the table: the bearer door asks this
   * on every account call.
   */
  async function awaits(user: Pick<User, 'id' | 'birthdate'>, tx: Db = db): Promise<boolean> {
    if (!isChild(user)) return false;
    return !(await findGuardianConsent(tx, user.id))?.consentedAt;
  }

  return {
    ageOf,
    isChild,
    /** From CHILD_CONSENT_AGE the child agrees too. */
    asksChild: (user: Pick<User, 'birthdate'>) => (ageOf(user) ?? 0) >= config.CHILD_CONSENT_AGE,

    awaits,

    /**
     * Which of the people a product's call names by id still wait (the product API's door,
     * server/src/http/endpoint.ts): two queries at most, one when none is a child; an unknown id does not wait.
     */
    async waitingAmong(userIds: readonly string[]): Promise<Set<string>> {
      const ids = [...new Set(userIds)];
      const children = ids.length ? (await findBirthdates(db, ids)).filter((person) => isChild(person)) : [];
      if (!children.length) return new Set();
      const consented = await findConsentedAmong(
        db,
        children.map((child) => child.id),
      );
      return new Set(children.filter((child) => !consented.has(child.id)).map((child) => child.id));
    },

    /**
     * When a waiting child's account is erased if nobody consents: GUARDIAN_WAIT_DAYS after its wait
     * started, the latest of when housekeeping first noted it (`since`; now when not yet), its last
     * change and the last guardian asked (abandonedChildrenJob). Null when that never happens:
     * GUARDIAN_WAIT_DAYS 0, or the child turns GUARDIAN_CONSENT_AGE before.
     */
    deleteOn(
      user: Pick<User, 'updatedAt' | 'birthdate'>,
      asked: Pick<GuardianConsentRow, 'askedAt'> | undefined,
      since: Date | undefined,
    ): Date | null {
      if (config.GUARDIAN_WAIT_DAYS === 0) return null;
      const started = Math.max(since?.getTime() ?? Date.now(), user.updatedAt.getTime(), asked?.askedAt.getTime() ?? 0);
      const on = new Date(started + config.GUARDIAN_WAIT_DAYS * 86_400_000);
      return isChild(user, on) ? on : null;
    },

    /** What the guardian and the child agree to, in `locale` (GUARDIAN_CONSENT_TEXT_VI / _EN, else Portico's own). */
    textFor(locale: Locale): string {
      const configured = locale === 'en-US' ? config.GUARDIAN_CONSENT_TEXT_EN : config.GUARDIAN_CONSENT_TEXT_VI;
      const product = config.PRODUCT_NAME;
      return configured.trim()
        ? configured.replace(/\{\{\s*product\s*\}\}/g, product)
        : translate(locale, 'guardian_consent_text', { product });
    },

    /** The token of the withdrawal link of every message to the guardian of this request. */
    withdrawalToken: (row: Pick<GuardianConsentRow, 'userId' | 'guardian' | 'askedAt'>) =>
      `${row.userId}.${macOf(row)}`,

    /**
     * The request a withdrawal token names, while it is the account's current one (a new guardian
     * named, or the account deleted, ends the old links); undefined otherwise.
     */
    async withdrawalOf(token: string): Promise<GuardianConsentRow | undefined> {
      const [userId, mac] = token.split('.');
      if (!userId || !mac || userId.length > 100) return undefined;
      const row = await findGuardianConsent(db, userId);
      if (!row) return undefined;
      const expected = Buffer.from(macOf(row));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? row : undefined;
    },
  };
}
export type GuardianRule = ReturnType<typeof createGuardianRule>;
