// Activity-log actions of devices (message keys of the contracts catalogs).
export const DEVICE_ACTIVITY = {
  signOut: 'activity_sign_out',
  logout: 'activity_device_logout',
  /** The "this wasn't me" link of a new-sign-in e-mail signed the device out. */
  notMe: 'activity_not_me',
} as const;
