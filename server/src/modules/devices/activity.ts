// Activity-log actions of devices (message keys of the contracts catalogs).
export const DEVICE_ACTIVITY = {
  signOut: 'activity_sign_out',
  logout: 'activity_device_logout',
} as const;
