// Activity-log actions: each is a message key of the contracts catalogs, rendered later in the
// reader's language from its params (never stored as HTML).
export const ACTIVITY = {
  signIn: 'activity_sign_in',
  signInApproved: 'activity_sign_in_approved',
  signInRefused: 'activity_sign_in_refused',
  logoutAll: 'activity_logout_all',
  accountDeleted: 'activity_account_deleted',
  emailVerified: 'activity_email_verified',
  phoneVerified: 'activity_phone_verified',
} as const;
