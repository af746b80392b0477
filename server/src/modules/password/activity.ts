// Activity-log actions of the password flows (message keys of the contracts catalogs), beside
// server/src/modules/activity/actions.ts's ACTIVITY.
export const PASSWORD_ACTIVITY = {
  register: 'activity_register',
  infoUpdated: 'activity_info_updated',
  reset: 'activity_password_reset',
  changed: 'activity_password_changed',
  set: 'activity_password_set',
} as const;
