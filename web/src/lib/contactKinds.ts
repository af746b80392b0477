import { CONTACT_TYPES, type ContactType, type MessageKey } from '@portico/contracts';

// What differs between the e-mail and the phone pages (list, change, activate): one table, so the
// pages themselves are written once.

export type ContactKind = 'email' | 'phone';

export interface ContactKindConfig {
  kind: ContactKind;
  type: ContactType;
  /** The list page. */
  path: '/account/email' | '/account/phone';
  /** The message key for an address already used (existence check). */
  alreadyKey: 'email_already' | 'phone_already';
  /** Field name of the change and activate payloads (spec: newemail, newphone). */
  field: 'newemail' | 'newphone';
  input: {
    type: 'email' | 'tel';
    inputMode: 'email' | 'tel';
    autoComplete: 'email' | 'tel';
    placeholder: MessageKey | null;
  };
  keys: {
    title: MessageKey;
    intro: MessageKey;
    list: MessageKey;
    label: MessageKey;
    add: MessageKey;
    inputLabel: MessageKey;
    /** Under the add field: where the code goes, in the words of this kind (a number is no address). */
    addHint: MessageKey;
    deleteConfirm: MessageKey;
    empty: MessageKey;
    added: MessageKey;
    /** The set-primary confirmation ({{name}}) and its toast naming the new primary. */
    primaryConfirm: MessageKey;
    primaryDone: MessageKey;
    verified: MessageKey;
    deleted: MessageKey;
    changeLink: MessageKey;
    changeTitle: MessageKey;
    changeIntro: MessageKey;
    newLabel: MessageKey;
    changed: MessageKey;
    changedText: MessageKey;
    activeTitle: MessageKey;
    activeIntro: MessageKey;
    activeLabel: MessageKey;
    activeSuccess: MessageKey;
    activeNone: MessageKey;
    activeAlready: MessageKey;
  };
}

export const CONTACT_KINDS: Record<ContactKind, ContactKindConfig> = {
  email: {
    kind: 'email',
    type: CONTACT_TYPES.email,
    path: '/account/email',
    alreadyKey: 'email_already',
    field: 'newemail',
    input: { type: 'email', inputMode: 'email', autoComplete: 'email', placeholder: 'contact_email_placeholder' },
    keys: {
      title: 'contacts_email_title',
      intro: 'contacts_email_intro',
      list: 'contacts_list_email',
      label: 'contact_label_email',
      add: 'contact_add_email',
      inputLabel: 'contact_email_label',
      addHint: 'contact_add_hint_email',
      deleteConfirm: 'contact_delete_confirm_email',
      empty: 'contact_empty_email',
      added: 'email_success',
      primaryConfirm: 'contact_primary_confirm_email',
      primaryDone: 'contact_primary_done_email',
      verified: 'email_success_verify',
      deleted: 'useremail_noti_delete',
      changeLink: 'contact_change_email',
      changeTitle: 'change_email_title',
      changeIntro: 'change_email_intro',
      newLabel: 'change_new_email_label',
      changed: 'change_email_success',
      changedText: 'change_done_email',
      activeTitle: 'active_email_title',
      activeIntro: 'active_email_intro',
      activeLabel: 'active_email_label',
      activeSuccess: 'active_email_success',
      activeNone: 'active_no_email',
      activeAlready: 'active_email_already',
    },
  },
  phone: {
    kind: 'phone',
    type: CONTACT_TYPES.phone,
    path: '/account/phone',
    alreadyKey: 'phone_already',
    field: 'newphone',
    input: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: null },
    keys: {
      title: 'contacts_phone_title',
      intro: 'contacts_phone_intro',
      list: 'contacts_list_phone',
      label: 'contact_label_phone',
      add: 'contact_add_phone',
      inputLabel: 'contact_phone_label',
      addHint: 'contact_add_hint_phone',
      deleteConfirm: 'contact_delete_confirm_phone',
      empty: 'contact_empty_phone',
      added: 'phone_noti_add',
      primaryConfirm: 'contact_primary_confirm_phone',
      primaryDone: 'contact_primary_done_phone',
      verified: 'phone_noti_verify',
      deleted: 'phone_noti_delete',
      changeLink: 'contact_change_phone',
      changeTitle: 'change_phone_title',
      changeIntro: 'change_phone_intro',
      newLabel: 'change_new_phone_label',
      changed: 'change_phone_success',
      changedText: 'change_done_phone',
      activeTitle: 'active_phone_title',
      activeIntro: 'active_phone_intro',
      activeLabel: 'active_phone_label',
      activeSuccess: 'active_phone_success',
      activeNone: 'active_no_phone',
      activeAlready: 'active_phone_already',
    },
  },
};

/** The props of an address field of this kind (add, change): type, keyboard, autofill, placeholder. */
export const addressInputProps = (config: ContactKindConfig, t: (key: string) => string) => ({
  type: config.input.type,
  inputMode: config.input.inputMode,
  autoComplete: config.input.autoComplete,
  placeholder: config.input.placeholder ? t(config.input.placeholder) : '0912345678',
});
