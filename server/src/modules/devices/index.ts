// Recorded devices as a module: the device rows, their tie to provider sessions (sign-in,
// sign-out, token use) and their subscribers to the domain events. The devices pages are
// server/src/features/devices.
export { DEVICE_ACTIVITY } from './activity.js';
export { subscribeDevices } from './events.js';
export {
  type Device,
  findUserDevice,
  hasSignedInDevice,
  listUserDevices,
  markDeviceLoggedOut,
  markSessionsLoggedOut,
  markUserDevicesLoggedOut,
  signInOfSession,
} from './queries.js';
export { touchDevice, trackDeviceSessions } from './service.js';
