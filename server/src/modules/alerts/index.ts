import {
  DATA_EXPORT_PAGE,
  EXPORT_HOURS,
  isMessageKey,
  type Locale,
  localePrefix,
  type MessageKey,
  NOT_ME_LINK_DAYS,
  NOT_ME_PAGE,
  UNDO_CHANGE_PAGE,
  UNDO_LINK_DAYS,
} from '@portico/contracts';
import type { AppDeps } from '../../deps.js';
import { localeOf, translate } from '../../lib/i18n.js';
import { sendLater } from '../../lib/send-later.js';
import { createFlows } from '../flows/index.js';
import { CONTACT_EMAIL, CONTACT_PHONE, findPrimaryContact, findUserById } from '../users/index.js';

type Alert = {
  subject: MessageKey;
  text: MessageKey;
  /** The SMS to the confirmed primary phone of an account without a confirmed e-mail; none otherwise. */
  sms?: MessageKey;
  params: Record<string, string | number>;
  /** Parameters written in the reader's language (a time, a country). */
  localized?: (locale: Locale) => Record<string, string>;
};

/** A moment as the reader reads it: their language, the time zone of the browser that signed in. */
function readableTime(locale: Locale, at: Date, timeZone: string): string {
  const format = (zone: string) =>
    `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at)} (${zone})`;
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** Where a sign-in came from: its country or region by name when a proxy reported one, and its IP. */
function readablePlace(locale: Locale, region: string | null, ip: string): string {
  let name: string | undefined;
  try {
    name = region ? new Intl.DisplayNames([locale], { type: 'region' }).of(region) : undefined;
  } catch {
    name = region ?? undefined;
  }
  return [name, `IP ${ip}`].filter(Boolean).join(' · ');
}

/**
 * Security alerts: an e-mail to the account's confirmed primary address, in the account's
 * language, when two-step verification is turned on or off, a recovery code is used, the
 * password changes (issue 11, point 6), the account is locked by failed sign-ins or its second
 * step is closed by wrong codes (issue 24 points 1 and 6). Sent after the change committed and after the answer
 * (server/src/lib/send-later.ts): a slow or failing mail server never undoes the change or
 * delays the answer. An account without a confirmed e-mail gets none, unless the alert has an SMS
 * (a data archive that is ready): then its confirmed primary phone gets that.
 */
export function subscribeAlerts(deps: Pick<AppDeps, 'events' | 'database' | 'mailer' | 'sms' | 'config' | 'log'>) {
  const { events, config } = deps;
  const db = deps.database.db;

  function alert(userId: string, { subject, text, sms, params, localized }: Alert) {
    sendLater(
      async () => {
        const [user, email] = await Promise.all([
          findUserById(db, userId),
          findPrimaryContact(db, userId, CONTACT_EMAIL),
        ]);
        if (!user) return;
        const phone = !email?.isConfirmed && sms ? await findPrimaryContact(db, userId, CONTACT_PHONE) : undefined;
        if (!email?.isConfirmed && !phone?.isConfirmed) return;
        const locale = localeOf(user.languageId);
        const values: Record<string, string | number> = {
          product: config.PRODUCT_NAME,
          ...params,
          ...localized?.(locale),
        };
        // A sign-in method is named in the reader's language (the activity log does the same).
        const methodKey = `sign_in_method_${params.method}`;
        if (params.method !== undefined && isMessageKey(methodKey)) values.method = translate(locale, methodKey);
        if (email?.isConfirmed)
          await deps.mailer.send({
            to: email.value,
            subject: translate(locale, subject, values),
            text: translate(locale, text, values),
          });
        else if (phone && sms) await deps.sms.send({ to: phone.value, text: translate(locale, sms, values) });
      },
      (err) => deps.log.error({ err }, 'could not send a security alert'),
    );
  }

  // Identity verification reviewed (issue 28 point 4): the result, and the reason of a refusal.
  events.subscribe('kyc.reviewed', ({ userId, approved, reason, afterCommit }) =>
    afterCommit(async () =>
      alert(
        userId,
        approved
          ? { subject: 'mail_kyc_approved_subject', text: 'mail_kyc_approved_text', params: {} }
          : { subject: 'mail_kyc_refused_subject', text: 'mail_kyc_refused_text', params: { reason: reason ?? '' } },
      ),
    ),
  );
  // A data archive the person asked for is ready (issue 32 point 3): where to download it.
  events.subscribe('data-export.ready', ({ userId, afterCommit }) =>
    afterCommit(async () =>
      alert(userId, {
        subject: 'mail_data_export_ready_subject',
        text: 'mail_data_export_ready_text',
        // A phone-only account is told by SMS: it asked for the archive and waits for it.
        sms: 'sms_data_export_ready',
        params: { hours: EXPORT_HOURS },
        localized: (locale) => ({ link: `${config.publicUrl}${localePrefix(locale)}${DATA_EXPORT_PAGE}` }),
      }),
    ),
  );
  events.subscribe('two-factor.enabled', ({ userId, ip, afterCommit }) =>
    afterCommit(async () =>
      alert(userId, {
        subject: 'mail_two_factor_enabled_subject',
        text: 'mail_two_factor_enabled_text',
        params: { ip },
      }),
    ),
  );
  events.subscribe('two-factor.disabled', ({ userId, ip, afterCommit }) =>
    afterCommit(async () =>
      alert(userId, {
        subject: 'mail_two_factor_disabled_subject',
        text: 'mail_two_factor_disabled_text',
        params: { ip },
      }),
    ),
  );
  events.subscribe('recovery-code.used', ({ userId, ip, left, afterCommit }) =>
    afterCommit(async () =>
      alert(userId, {
        subject: 'mail_recovery_code_used_subject',
        text: 'mail_recovery_code_used_text',
        params: { ip, left },
      }),
    ),
  );
  /** Signing in is paused for `seconds`: the owner learns why and where to set a new password. */
  const paused = (userId: string, ip: string, key: 'second_step_closed' | 'account_locked', seconds: number) =>
    alert(userId, {
      subject: `mail_${key}_subject`,
      text: `mail_${key}_text`,
      params: { ip, minutes: Math.round(seconds / 60), url: `${config.publicUrl}/forgot-password` },
    });
  events.subscribe('second-step.closed', ({ userId, ip }) =>
    paused(userId, ip, 'second_step_closed', config.LOGIN_SECOND_STEP_BLOCK_SECONDS),
  );
  events.subscribe('account.locked', ({ userId, ip }) =>
    paused(userId, ip, 'account_locked', config.LOGIN_LOCK_WINDOW_SECONDS),
  );
  // A change to how the account signs in or recovers: the undo link is stored with the change (a
  // flow whose secret is the link's token), the mail goes to the primary e-mail as it was before.
  events.subscribe('sign-in-way.changed', async ({ userId, change, value, old, ip, tell, undo, tx, afterCommit }) => {
    if (!tell) return;
    const { secret } = await createFlows(deps).start(
      'undo_change',
      { target: value, subject: userId, ttlSeconds: UNDO_LINK_DAYS * 86_400, data: { undo }, secret: true },
      tx,
    );
    const user = await findUserById(tx, userId);
    afterCommit(async () => {
      const locale = localeOf(user?.languageId);
      const product = config.PRODUCT_NAME;
      const undoUrl = `${config.publicUrl}${locale === 'en-US' ? '/en-us' : ''}${UNDO_CHANGE_PAGE}?token=${secret}`;
      const what = translate(locale, `mail_change_${change}`, { product, value, old: old ?? '' });
      const text = translate(locale, 'mail_change_text', { change: what, ip, undo: undoUrl, days: UNDO_LINK_DAYS });
      // An account without a confirmed e-mail is told on its phone.
      sendLater(
        () =>
          tell.includes('@')
            ? deps.mailer.send({ to: tell, subject: translate(locale, 'mail_change_subject', { product }), text })
            : deps.sms.send({ to: tell, text }),
        (err) => deps.log.error({ err }, 'could not send a sign-in change alert'),
      );
    });
  });
  // A sign-in approved from a signed-in device (issue 26): the owner hears of it, with the browser
  // that was let in, should the approval have been a mistake (QR phishing, a tap by habit).
  events.subscribe('sign-in.answered', ({ userId, how, approved, request, afterCommit }) => {
    if (!approved) return;
    afterCommit(async () =>
      alert(userId, {
        subject: 'mail_sign_in_approved_subject',
        text: 'mail_sign_in_approved_text',
        params: { method: how, device: [request.system, request.browser].filter(Boolean).join(' · '), ip: request.ip },
      }),
    );
  });
  // A sign-in from a browser the account never used (issue 32 point 6, server/src/modules/devices/events.ts):
  // the "this wasn't me" link is a flow stored with the sign-in, used once (server/src/features/devices/not-me.ts).
  events.subscribe(
    'sign-in.newBrowser',
    async ({ userId, deviceId, device, method, ip, region, timeZone, at, tx, afterCommit }) => {
      const { secret } = await createFlows(deps).start(
        'not_me',
        { target: deviceId, subject: userId, ttlSeconds: NOT_ME_LINK_DAYS * 86_400, secret: true },
        tx,
      );
      afterCommit(async () =>
        alert(userId, {
          subject: 'mail_new_sign_in_subject',
          text: 'mail_new_sign_in_text',
          params: { device, method, days: NOT_ME_LINK_DAYS },
          localized: (locale) => ({
            time: readableTime(locale, at, timeZone),
            place: readablePlace(locale, region, ip),
            url: `${config.publicUrl}${localePrefix(locale)}${NOT_ME_PAGE}?token=${secret}`,
          }),
        }),
      );
    },
  );
  events.subscribe('password.changed', ({ userId, ip }) =>
    alert(userId, { subject: 'mail_password_changed_subject', text: 'mail_password_changed_text', params: { ip } }),
  );
}
