// Activity-log actions of the e-mail and phone flows (message keys of the contracts catalogs).
export const CONTACT_ACTIVITY = {
  added: { email: 'activity_email_added', phone: 'activity_phone_added' },
  removed: { email: 'activity_email_removed', phone: 'activity_phone_removed' },
  primary: { email: 'activity_email_primary', phone: 'activity_phone_primary' },
  allowLogin: { email: 'activity_email_allow_login', phone: 'activity_phone_allow_login' },
  changed: { email: 'activity_email_changed', phone: 'activity_phone_changed' },
} as const;
