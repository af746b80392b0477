import type { MessageKey } from '@portico/contracts';
import {
  CONTACT_TYPES,
  type ContactType,
  contactEmailError,
  contactPhoneError,
  type contactsEndpoints as E,
  normalizeContact,
  type OutputOf,
  type ParsedInputOf,
  type UserContact,
} from '@portico/contracts';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { AppDeps } from '../../deps.js';
import type { CallerContext } from '../../lib/caller.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { insertActivity } from '../../modules/activity/index.js';
import { type AfterCommit, type EventMap, inTransaction } from '../../modules/events/index.js';
import { createCodeFlows } from '../../modules/flows/index.js';
import { type Contact, findPrimaryContact, lockUser, securityContact, type User } from '../../modules/users/index.js';
import { CONTACT_ACTIVITY } from './activity.js';
import {
  clearPrimary,
  countContacts,
  deleteContact,
  findContactById,
  findContactByValue,
  insertContact,
  listContacts,
  updateContact,
} from './queries.js';

/** Who calls (the code message's language, the send limits per IP, the activity log) and for whom. */
export type ContactContext = { user: User; caller: CallerContext };

/** The flows of server/src/modules/flows/kinds.ts these pages run, one code step each. */
type ContactFlowKind = 'activate_contact' | 'delete_contact' | 'change_contact';
type In<K extends keyof typeof E> = ParsedInputOf<(typeof E)[K]>;
type Out<K extends keyof typeof E> = Promise<OutputOf<(typeof E)[K]>>;

const isEmail = (type: number) => type === CONTACT_TYPES.email;
const kindOf = (type: number) => (isEmail(type) ? 'email' : 'phone');
const typeOfName = (name: string): ContactType => (name.includes('@') ? CONTACT_TYPES.email : CONTACT_TYPES.phone);
const alreadyKey = (type: number): MessageKey => (isEmail(type) ? 'email_already' : 'phone_already');
const fieldError = (field: string, key: MessageKey): AppError => badRequest(key, { [field]: [key] });

export const toUserContact = (c: Contact): UserContact => ({
  id: c.id,
  name: c.value,
  isConfirmed: c.isConfirmed,
  isPrimary: c.isPrimary,
  allowLogin: c.allowLogin,
  type: c.type as ContactType,
});

/**
 * E-mails and phones of the signed-in user (spec account §2 E-mail/Phone pages, §4, §5), and the
 * change / activate e-mail and phone flows (spec sign-in §2, §4, §7), each a flow with one code
 * step (server/src/modules/flows/code-steps.ts): activate_contact (verify an entry or an activate
 * page), delete_contact (remove a confirmed entry; the code goes to that entry), change_contact (to
 * the new address).
 * A confirmed address belongs to one account only; the partial unique index is the final word,
 * and its violation answers email_already / phone_already. That answer comes only after the right
 * code, i.e. to whoever reads the address: adding, checking or sending codes to another account's
 * address answers exactly as for a free one, so nobody learns which addresses have accounts.
 */
export function createContactsService(deps: AppDeps) {
  const db = deps.database.db;
  const steps = createCodeFlows(deps);
  /** Sends the code of a contact flow (activate, delete, change) to `target` for the user. */
  const sendCode = (kind: ContactFlowKind, user: User, target: string, caller: ContactContext['caller']) =>
    steps.send(kind, { target, subject: user.id }, { locale: caller.locale, ip: caller.ip });

  /** The live entry of the user with that address, or 400 invalid_contact (another user's address is never found). */
  async function ownContact(user: User, name: string, field: string): Promise<Contact> {
    const value = normalizeContact(name);
    const contact = await findContactByValue(db, user.id, typeOfName(value), value);
    if (!contact) throw fieldError(field, 'invalid_contact');
    return contact;
  }

  /**
   * Checks the user's own code and finishes the user's flow (a code another account asked for,
   * same address, is never tried); of two requests with the right code one passes.
   */
  async function verifyFor(user: User, kind: ContactFlowKind, target: string, otp: string, field: string) {
    try {
      await steps.pass(kind, { target, subject: user.id }, otp, 'done');
    } catch (err) {
      if (field !== 'otp' && err instanceof AppError && err.fieldErrors?.otp) throw fieldError(field, err.messageKey);
      throw err;
    }
  }

  /** Runs a write that may confirm an address; the confirmed-address unique index answers *_already. */
  async function confirming<T>(type: number, field: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError(field, alreadyKey(type));
      throw err;
    }
  }

  const log = (tx: Db, userId: string, action: string, params: Record<string, unknown>) =>
    insertActivity(tx, { userId, action, params });
  /** A contact confirmed with its code: contact.verified, in the same transaction (the activity entry is its subscriber). */
  const verified = (tx: Db, userId: string, type: number, value: string, ip: string) =>
    deps.events.publish('contact.verified', { userId, type: kindOf(type), value, ip, tx });

  /**
   * A transaction holding the user's row lock (server/src/modules/users lockUser): the checks made inside it
   * and the writes that follow cannot interleave with another request of the same user.
   */
  const locked = <T>(user: User, work: (tx: Db, afterCommit: AfterCommit) => Promise<T>): Promise<T> =>
    inTransaction(db, async (tx, afterCommit) => {
      await lockUser(tx, user.id);
      return work(tx, afterCommit);
    });

  /**
   * A change to how the account signs in: published in its transaction with the steps that
   * revert it; the owner's confirmed primary e-mail as it was before (`tell`) gets the security
   * e-mail with the undo link (server/src/modules/alerts).
   */
  async function signInWayChanged(
    tx: Db,
    afterCommit: AfterCommit,
    change: Pick<EventMap['sign-in-way.changed'], 'userId' | 'change' | 'value' | 'old' | 'ip' | 'undo' | 'tell'>,
  ) {
    await deps.events.publish('sign-in-way.changed', { ...change, tx, afterCommit });
  }
  /** Whom a change is told to, read before the change (users module securityContact). */
  const tellAddress = (tx: Db, userId: string) => securityContact(tx, userId);

  /** The user's entry by id inside a locked transaction, or 404 invalid_contact. */
  async function lockedContact(tx: Db, user: User, id: number): Promise<Contact> {
    const contact = await findContactById(tx, user.id, id);
    if (!contact) throw notFound('invalid_contact');
    return contact;
  }

  /** Makes `value` the user's confirmed, primary address of its type, replacing the old primary (deleted unless kept). */
  async function makePrimary(
    tx: Db,
    user: User,
    type: number,
    value: string,
    opts: { dropOldPrimary: 'always' | 'unconfirmed' },
  ) {
    const old = await findPrimaryContact(tx, user.id, type);
    if (old && old.value !== value && (opts.dropOldPrimary === 'always' || !old.isConfirmed))
      await deleteContact(tx, old.id);
    await clearPrimary(tx, user.id, type);
    const existing = await findContactByValue(tx, user.id, type, value);
    // Confirmed just now unless it was already (two-factor's secondStepEmail reads when).
    const confirmedAt = existing?.isConfirmed ? existing.confirmedAt : new Date();
    if (existing)
      await updateContact(tx, existing.id, { isConfirmed: true, isPrimary: true, allowLogin: true, confirmedAt });
    else
      await insertContact(tx, {
        userId: user.id,
        type,
        value,
        isConfirmed: true,
        isPrimary: true,
        allowLogin: true,
        confirmedAt,
      });
    return old && old.value !== value ? old : undefined;
  }

  // ---- Change / activate (one helper each for e-mail and phone) --------------------------------

  async function change(
    { user, caller }: ContactContext,
    type: ContactType,
    { value, otp }: In<'changeEmail'>,
  ): Out<'changeEmail'> {
    const field = isEmail(type) ? 'newemail' : 'newphone';
    const current = await findPrimaryContact(db, user.id, type);
    if (current?.isConfirmed && current.value === value) throw fieldError(field, alreadyKey(type));
    if (!otp) return sendCode('change_contact', user, value, caller);
    await verifyFor(user, 'change_contact', value, otp, 'otp');
    await confirming(type, field, () =>
      locked(user, async (tx, afterCommit) => {
        const tell = await tellAddress(tx, user.id);
        const replaced = await makePrimary(tx, user, type, value, { dropOldPrimary: 'always' });
        await log(tx, user.id, CONTACT_ACTIVITY.changed[kindOf(type)], {
          old: replaced?.value ?? '',
          value,
          ip: caller.ip,
        });
        // The old address is told (for an e-mail change it is `tell` itself) and may take it back.
        await signInWayChanged(tx, afterCommit, {
          userId: user.id,
          change: isEmail(type) ? 'email_changed' : 'phone_changed',
          value,
          old: replaced?.value ?? '',
          ip: caller.ip,
          tell,
          undo: [
            ...(replaced?.isConfirmed ? [{ do: 'make_primary' as const, type, value: replaced.value }] : []),
            { do: 'remove_contact', type, value },
          ],
        });
      }),
    );
    return { ok: true };
  }

  /** newemail/newphone of the activate pages, defaulting to the primary address. */
  async function activationTarget(user: User, type: ContactType, given: string): Promise<string> {
    const field = isEmail(type) ? 'newemail' : 'newphone';
    const primary = await findPrimaryContact(db, user.id, type);
    const raw = given.trim() || primary?.value || '';
    const error = isEmail(type) ? contactEmailError(raw) : contactPhoneError(raw);
    if (error) throw fieldError(field, error);
    const value = normalizeContact(raw);
    const own = await findContactByValue(db, user.id, type, value);
    if (own?.isConfirmed && own.isPrimary) throw fieldError(field, 'contact_already_confirmed');
    return value;
  }

  async function activateSend({ user, caller }: ContactContext, type: ContactType, given: string) {
    const value = await activationTarget(user, type, given);
    return sendCode('activate_contact', user, value, caller);
  }

  async function activate(
    { user, caller }: ContactContext,
    type: ContactType,
    given: string,
    otp: string,
  ): Out<'activateEmail'> {
    const field = isEmail(type) ? 'newemail' : 'newphone';
    const value = await activationTarget(user, type, given);
    await verifyFor(user, 'activate_contact', value, otp, 'otp');
    await confirming(type, field, () =>
      locked(user, async (tx, afterCommit) => {
        const tell = await tellAddress(tx, user.id);
        const replaced = await makePrimary(tx, user, type, value, { dropOldPrimary: 'unconfirmed' });
        await verified(tx, user.id, type, value, caller.ip);
        await signInWayChanged(tx, afterCommit, {
          userId: user.id,
          change: 'contact_added',
          value,
          ip: caller.ip,
          tell,
          undo: [
            ...(replaced?.isConfirmed ? [{ do: 'make_primary' as const, type, value: replaced.value }] : []),
            { do: 'remove_contact', type, value },
          ],
        });
      }),
    );
    return { ok: true };
  }

  return {
    async list({ user }: ContactContext, { type }: In<'list'>): Out<'list'> {
      return (await listContacts(db, user.id, type)).map(toUserContact);
    },

    /** True when the address is on this account already; other accounts' addresses are never told. */
    async exists({ user }: ContactContext, { userPhoneEmailName }: In<'exists'>): Out<'exists'> {
      const value = normalizeContact(userPhoneEmailName);
      return !!(await findContactByValue(db, user.id, typeOfName(value), value));
    },

    /** Adds an unconfirmed entry and sends it an activation code; answers its id and the countdown. */
    async create({ user, caller }: ContactContext, { type, name: value }: In<'create'>): Out<'create'> {
      const contact = await confirming(type, 'Name', () =>
        locked(user, async (tx) => {
          if (await findContactByValue(tx, user.id, type, value)) throw fieldError('Name', alreadyKey(type));
          if ((await countContacts(tx, user.id, type)) >= deps.config.MAXIMUM_EMAIL_OR_PHONE) {
            throw fieldError('Name', 'maximum_email_or_phone');
          }
          const row = await insertContact(tx, {
            userId: user.id,
            type,
            value,
            isConfirmed: false,
            isPrimary: false,
            allowLogin: true,
          });
          await log(tx, user.id, CONTACT_ACTIVITY.added[kindOf(type)], { value, ip: caller.ip });
          return row;
        }),
      );
      const { times } = await sendCode('activate_contact', user, value, caller);
      return { id: contact.id, times };
    },

    /** (Re)sends the code of an entry: activation for an unconfirmed one, removal for a confirmed one. */
    async sendOtp({ user, caller }: ContactContext, input: In<'sendOtp'>): Out<'sendOtp'> {
      const contact = await ownContact(user, input.emailPhoneName, 'emailPhoneName');
      const action = input.action ?? (contact.isConfirmed ? 'delete' : 'activate');
      if (action === 'activate') {
        if (contact.isConfirmed) throw fieldError('emailPhoneName', 'contact_already_confirmed');
        return sendCode('activate_contact', user, contact.value, caller);
      }
      if (!contact.isConfirmed) throw fieldError('emailPhoneName', 'contact_not_confirmed');
      if (contact.isPrimary) throw fieldError('emailPhoneName', 'contact_is_primary');
      return sendCode('delete_contact', user, contact.value, caller);
    },

    /** Confirms an entry with its code; the first confirmed address of a type becomes primary. */
    async activate({ user, caller }: ContactContext, { PhoneEmailName, Otp }: In<'activate'>): Out<'activate'> {
      const contact = await ownContact(user, PhoneEmailName, 'PhoneEmailName');
      if (contact.isConfirmed) throw fieldError('PhoneEmailName', 'contact_already_confirmed');
      await verifyFor(user, 'activate_contact', contact.value, Otp, 'Otp');
      await confirming(contact.type, 'PhoneEmailName', () =>
        locked(user, async (tx, afterCommit) => {
          const tell = await tellAddress(tx, user.id);
          const now = await lockedContact(tx, user, contact.id);
          if (now.isConfirmed) throw fieldError('PhoneEmailName', 'contact_already_confirmed');
          const primary = await findPrimaryContact(tx, user.id, contact.type);
          const becomesPrimary = !primary?.isConfirmed;
          if (becomesPrimary) await clearPrimary(tx, user.id, contact.type);
          await updateContact(tx, contact.id, {
            isConfirmed: true,
            confirmedAt: new Date(),
            ...(becomesPrimary ? { isPrimary: true, allowLogin: true } : {}),
          });
          await verified(tx, user.id, contact.type, contact.value, caller.ip);
          if (now.allowLogin || becomesPrimary)
            await signInWayChanged(tx, afterCommit, {
              userId: user.id,
              change: 'contact_added',
              value: contact.value,
              ip: caller.ip,
              tell,
              undo: [{ do: 'remove_contact', type: contact.type, value: contact.value }],
            });
        }),
      );
      return toUserContact((await findContactById(db, user.id, contact.id))!);
    },

    /** Exactly one primary per type; only a confirmed entry can be it, and it always allows sign-in. */
    async setPrimary({ user, caller }: ContactContext, { id }: In<'setPrimary'>): Out<'setPrimary'> {
      await locked(user, async (tx, afterCommit) => {
        const contact = await lockedContact(tx, user, id);
        if (!contact.isConfirmed) throw fieldError('id', 'contact_not_confirmed');
        if (contact.isPrimary) return;
        const tell = await tellAddress(tx, user.id);
        const old = await findPrimaryContact(tx, user.id, contact.type);
        await clearPrimary(tx, user.id, contact.type);
        await updateContact(tx, contact.id, { isPrimary: true, allowLogin: true });
        await log(tx, user.id, CONTACT_ACTIVITY.primary[kindOf(contact.type)], { value: contact.value, ip: caller.ip });
        await signInWayChanged(tx, afterCommit, {
          userId: user.id,
          change: 'primary_changed',
          value: contact.value,
          ip: caller.ip,
          tell,
          undo: [
            ...(old?.isConfirmed ? [{ do: 'make_primary' as const, type: contact.type, value: old.value }] : []),
            // It may not sign in again unless it could before.
            ...(contact.allowLogin
              ? []
              : [{ do: 'allow_login_off' as const, type: contact.type, value: contact.value }]),
          ],
        });
      });
      return true;
    },

    /** Sign-in with a confirmed, non-primary entry on or off (the primary always allows it). */
    async setAllowLogin({ user, caller }: ContactContext, { id, isAllow }: In<'allowLogin'>): Out<'allowLogin'> {
      await locked(user, async (tx, afterCommit) => {
        const contact = await lockedContact(tx, user, id);
        if (!contact.isConfirmed) throw fieldError('id', 'contact_not_confirmed');
        if (contact.isPrimary) throw fieldError('id', 'contact_is_primary');
        if (isAllow && !contact.allowLogin)
          await signInWayChanged(tx, afterCommit, {
            userId: user.id,
            change: 'allow_login_on',
            value: contact.value,
            ip: caller.ip,
            tell: await tellAddress(tx, user.id),
            undo: [{ do: 'allow_login_off', type: contact.type, value: contact.value }],
          });
        await updateContact(tx, contact.id, { allowLogin: isAllow });
        await log(tx, user.id, CONTACT_ACTIVITY.allowLogin[kindOf(contact.type)], {
          value: contact.value,
          allow: isAllow,
          ip: caller.ip,
        });
      });
      return true;
    },

    /** Removes an unconfirmed entry; a confirmed one needs deleteByOtp, the primary cannot go. */
    async remove({ user, caller }: ContactContext, { userPhoneEmailId }: In<'remove'>): Out<'remove'> {
      await locked(user, async (tx) => {
        const contact = await lockedContact(tx, user, userPhoneEmailId);
        if (contact.isPrimary) throw fieldError('userPhoneEmailId', 'contact_is_primary');
        if (contact.isConfirmed) throw fieldError('userPhoneEmailId', 'contact_delete_requires_code');
        await deleteContact(tx, contact.id);
        await log(tx, user.id, CONTACT_ACTIVITY.removed[kindOf(contact.type)], { value: contact.value, ip: caller.ip });
      });
      return true;
    },

    /** Removes a confirmed, non-primary entry with the code sent to it (sendOtp). */
    async removeByOtp(
      { user, caller }: ContactContext,
      { PhoneEmailName, Otp }: In<'removeByOtp'>,
    ): Out<'removeByOtp'> {
      const contact = await ownContact(user, PhoneEmailName, 'PhoneEmailName');
      if (contact.isPrimary) throw fieldError('PhoneEmailName', 'contact_is_primary');
      if (!contact.isConfirmed) throw fieldError('PhoneEmailName', 'contact_not_confirmed');
      await verifyFor(user, 'delete_contact', contact.value, Otp, 'Otp');
      await locked(user, async (tx) => {
        // It may have become the primary meanwhile.
        if ((await lockedContact(tx, user, contact.id)).isPrimary)
          throw fieldError('PhoneEmailName', 'contact_is_primary');
        await deleteContact(tx, contact.id);
        await log(tx, user.id, CONTACT_ACTIVITY.removed[kindOf(contact.type)], { value: contact.value, ip: caller.ip });
      });
      return true;
    },

    changeEmail: (ctx: ContactContext, input: In<'changeEmail'>) => change(ctx, CONTACT_TYPES.email, input),
    changePhone: (ctx: ContactContext, input: In<'changePhone'>) => change(ctx, CONTACT_TYPES.phone, input),

    async activeData({ user }: ContactContext): Out<'activeData'> {
      const [email, phone] = await Promise.all([
        findPrimaryContact(db, user.id, CONTACT_TYPES.email),
        findPrimaryContact(db, user.id, CONTACT_TYPES.phone),
      ]);
      const isActiveEmail = !!email?.isConfirmed;
      const isActivePhone = !!phone?.isConfirmed;
      return { isOk: (!email || isActiveEmail) && (!phone || isActivePhone), isActiveEmail, isActivePhone };
    },

    async contactInfo({ user }: ContactContext): Out<'contactInfo'> {
      const [email, phone] = await Promise.all([
        findPrimaryContact(db, user.id, CONTACT_TYPES.email),
        findPrimaryContact(db, user.id, CONTACT_TYPES.phone),
      ]);
      return { phoneNumber: phone?.value ?? null, email: email?.value ?? null };
    },

    activateEmailSend: (ctx: ContactContext, { newemail }: In<'activateEmailSend'>) =>
      activateSend(ctx, CONTACT_TYPES.email, newemail),
    activatePhoneSend: (ctx: ContactContext, { newphone }: In<'activatePhoneSend'>) =>
      activateSend(ctx, CONTACT_TYPES.phone, newphone),
    activateEmail: (ctx: ContactContext, { newemail, otp }: In<'activateEmail'>) =>
      activate(ctx, CONTACT_TYPES.email, newemail, otp),
    activatePhone: (ctx: ContactContext, { newphone, otp }: In<'activatePhone'>) =>
      activate(ctx, CONTACT_TYPES.phone, newphone, otp),
  };
}
