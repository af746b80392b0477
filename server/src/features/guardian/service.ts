import {
  GUARDIAN_CONSENT_PAGE,
  GUARDIAN_WITHDRAW_PAGE,
  type GuardianStatus,
  type guardianEndpoints,
  type Locale,
  localePrefix,
  maskLoginName,
  type ParsedInputOf,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import type { UserContext } from '../../http/endpoint.js';
import type { CallerContext } from '../../lib/caller.js';
import { badRequest, tooMany } from '../../lib/errors.js';
import { localeOf, translate } from '../../lib/i18n.js';
import { sendLater } from '../../lib/send-later.js';
import { insertActivity } from '../../modules/activity/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import {
  createGuardianRule,
  findGuardianConsent,
  findWaitSince,
  type GuardianConsentRow,
  recordGuardianConsent,
  saveGuardianAsked,
} from '../../modules/guardian/index.js';
import {
  CONTACT_EMAIL,
  CONTACT_PHONE,
  eraseAccount,
  findUserById,
  findUserByLoginName,
} from '../../modules/users/index.js';

type In<K extends keyof typeof guardianEndpoints> = ParsedInputOf<(typeof guardianEndpoints)[K]>;
type Child = Pick<UserContext, 'user'> & { caller: CallerContext };

const KIND = 'guardian_consent';
/** How long the guardian's page may take from the code to the consent. */
const CONSENT_TOKEN_SECONDS = 3600;

export const GUARDIAN_ACTIVITY = {
  asked: 'activity_guardian_asked',
  consented: 'activity_guardian_consented',
} as const;

/** Codes a caller may try on the guardian's page in a quarter-hour. */
const CHECKS_PER_WINDOW = 20;
const CHECK_WINDOW_SECONDS = 900;
/** What the guardian was shown at the code step, recorded by the consent (the flow's data). */
type ConsentData = { text: string; locale: Locale };

const linkInvalid = () => badRequest('guardian_link_invalid');
const channelOf = (address: string) => (address.includes('@') ? 'email_code' : 'sms_code');

/**
 * Guardian consent (issue 32 point 4; docs/children.md; contracts/src/guardian.ts). The child names
 * a guardian (their own agreement too from CHILD_CONSENT_AGE); the guardian gets a code through the
 * verification service, in a message that also carries the consent page's link and a withdrawal
 * link; on the page the code answers a token, then the consent is recorded with the exact text.
 * Withdrawing, from any message, deletes the child's account (modules/users eraseAccount).
 */
export function createGuardianService(deps: AppDeps) {
  const { db } = deps.database;
  const { config } = deps;
  const rule = createGuardianRule(deps);
  const codes = createCodeFlows(deps);
  const links = (row: Pick<GuardianConsentRow, 'userId' | 'guardian' | 'askedAt'>, locale: Locale) => {
    const base = `${config.publicUrl}${localePrefix(locale)}`;
    const query = new URLSearchParams({ for: row.userId, to: row.guardian });
    return {
      link: `${base}${GUARDIAN_CONSENT_PAGE}?${query}`,
      withdraw: `${base}${GUARDIAN_WITHDRAW_PAGE}?token=${rule.withdrawalToken(row)}`,
    };
  };

  /** After the consent committed: the guardian's confirmation, with the withdrawal link. */
  function confirmToGuardian(row: GuardianConsentRow, child: string, locale: Locale, at: Date) {
    sendLater(
      async () => {
        const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
        const params = { product: config.PRODUCT_NAME, child, time, ...links(row, locale) };
        if (row.guardian.includes('@'))
          await deps.mailer.send({
            to: row.guardian,
            subject: translate(locale, 'mail_guardian_consented_subject', params),
            text: translate(locale, 'mail_guardian_consented_text', params),
          });
        else await deps.sms.send({ to: row.guardian, text: translate(locale, 'sms_guardian_consented_text', params) });
      },
      (err) => deps.log.error({ err }, 'could not confirm a guardian consent'),
    );
  }

  /** The live child account a withdrawal link names; from GUARDIAN_CONSENT_AGE the link no longer works. */
  async function childOf(token: string) {
    const row = await rule.withdrawalOf(token);
    const user = row && (await findUserById(db, row.userId));
    if (!user || user.deletedAt || !rule.isChild(user)) throw linkInvalid();
    return user;
  }

  return {
    async status({ user, caller }: Child): Promise<GuardianStatus> {
      const row = await findGuardianConsent(db, user.id);
      const required = rule.isChild(user) && !row?.consentedAt;
      return {
        required,
        ageLimit: config.GUARDIAN_CONSENT_AGE,
        childAgreement: required && rule.asksChild(user),
        asked: required && row ? { to: maskLoginName(row.guardian), time: row.askedAt.toISOString() } : null,
        text: rule.textFor(caller.locale),
        deleteOn: required ? (rule.deleteOn(user, row, await findWaitSince(db, user.id))?.toISOString() ?? null) : null,
      };
    },

    /** Names (again) the guardian and sends them the code; a new guardian ends the earlier one's links. */
    async ask({ user, caller }: Child, { guardian, childAgrees }: In<'ask'>): Promise<{ times: number }> {
      if (!(await rule.awaits(user))) throw badRequest('guardian_not_needed');
      if (rule.asksChild(user) && !childAgrees)
        throw badRequest('guardian_child_agreement', { childAgrees: ['guardian_child_agreement'] });
      const holder = await findUserByLoginName(db, guardian.includes('@') ? CONTACT_EMAIL : CONTACT_PHONE, guardian);
      if (holder?.id === user.id) throw badRequest('guardian_is_self', { guardian: ['guardian_is_self'] });
      const locale = localeOf(user.languageId);
      const existing = await findGuardianConsent(db, user.id);
      // The same guardian asked again keeps the request (and its links); another one starts anew.
      const askedAt = existing?.guardian === guardian ? existing.askedAt : new Date();
      const row = { userId: user.id, guardian, askedAt, childAgreedAt: childAgrees ? new Date() : null };
      // Sent first: a send refused (its limits) leaves the earlier request and its links as they were.
      const answer = await codes.send(
        KIND,
        { target: guardian, subject: user.id },
        {
          locale,
          ip: caller.ip,
          message: {
            template: 'guardian_request',
            params: { child: user.firstName, age: rule.ageOf(user) ?? '', ...links(row, locale) },
          },
        },
      );
      await saveGuardianAsked(db, row);
      await insertActivity(db, {
        userId: user.id,
        action: GUARDIAN_ACTIVITY.asked,
        params: { to: guardian, ip: caller.ip },
      });
      return answer;
    },

    /** The guardian's code: a token for the consent, and what they are asked to consent to. */
    async check(caller: CallerContext, { child, guardian, otp }: In<'check'>) {
      // Per address too, so one caller cannot spend a child's wrong-code budget from everywhere.
      const key = `guardian-check:${caller.ip}`;
      if ((await deps.kv.incr(key, CHECK_WINDOW_SECONDS)) > CHECKS_PER_WINDOW)
        throw tooMany('too_many_requests', CHECK_WINDOW_SECONDS);
      // The text as shown now is the text the consent records (ConsentData).
      const text = rule.textFor(caller.locale);
      const data: ConsentData = { text, locale: caller.locale };
      const { secret } = await codes.pass(KIND, { target: guardian, subject: child }, otp, 'verified', {
        secret: true,
        ttlSeconds: CONSENT_TOKEN_SECONDS,
        data,
      });
      const [user, row] = await Promise.all([findUserById(db, child), findGuardianConsent(db, child)]);
      if (!user || user.deletedAt || row?.guardian !== guardian) throw linkInvalid();
      return {
        token: secret ?? '',
        child: user.firstName,
        age: rule.ageOf(user) ?? 0,
        text,
        childAgreed: row.childAgreedAt !== null,
      };
    },

    /** Records the consent (who, how, when, from where, the text as shown) and ends the token. */
    async consent(caller: CallerContext, { token }: In<'consent'>): Promise<{ ok: true }> {
      const flow = await codes.flows.findBySecret(KIND, token);
      if (flow?.state !== 'verified' || !flow.subject) throw linkInvalid();
      const childId = flow.subject;
      const at = new Date();
      const user = await findUserById(db, childId);
      if (!user || user.deletedAt) throw linkInvalid();
      const shown = flow.data as ConsentData;
      const recorded = await db.transaction(async (tx) => {
        if (!(await codes.flows.advance(KIND, flow.id, 'verified', 'done', {}, tx))) return false;
        const ok = await recordGuardianConsent(tx, childId, {
          guardian: flow.target,
          consentedAt: at,
          method: channelOf(flow.target),
          textLocale: shown.locale,
          text: shown.text,
          ip: caller.ip,
          userAgent: caller.userAgent.slice(0, 500),
        });
        if (!ok) throw linkInvalid();
        await insertActivity(tx, {
          userId: childId,
          action: GUARDIAN_ACTIVITY.consented,
          // Where the guardian was is theirs, not the child's to read.
          params: { to: flow.target },
        });
        return true;
      });
      if (!recorded) throw linkInvalid();
      const row = await findGuardianConsent(db, childId);
      if (row) confirmToGuardian(row, user.firstName, shown.locale, at);
      return { ok: true };
    },

    /** Whose account a withdrawal link is for. */
    async withdrawal({ token }: In<'withdrawal'>): Promise<{ child: string }> {
      const user = await childOf(token);
      return { child: user.firstName };
    },

    /** The guardian withdraws: the child's account is deleted, as its own deletion would (every holder erases its part). */
    async withdraw(caller: CallerContext, { token }: In<'withdraw'>): Promise<{ ok: true }> {
      await eraseAccount(deps, await childOf(token), caller.ip);
      return { ok: true };
    },
  };
}
