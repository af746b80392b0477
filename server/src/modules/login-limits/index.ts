// The sign-in failure counters every password and code check shares (the captcha streak, the
// account lock, the second step's own count), as a module of their own: the sign-in and
// two-factor modules both use them, and neither needs the other for it.
export { accountSubject, createLoginLimits, createPasswordCheck, createSecondStepCount } from './login-limits.js';
