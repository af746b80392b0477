// Two-step verification (spec account §2, §4; spec sign-in §3): what features use of it. The
// settings endpoints are server/src/features/two-factor; sign-in's second step calls
// verifyTotp, consumeRecoveryCode, isEnabled and methods of createTwoFactor.
export { subscribeTwoFactorData } from './events.js';
// createSecretBox and newSecret: what seeding an authenticator needs (bench/soak.ts's two-step users).
export {
  codeAt,
  createSecretBox,
  newSecret,
  RECOVERY_CODE_COUNT,
  TOTP_DRIFT_STEPS,
  TOTP_PERIOD,
} from './secret.js';
export {
  createTwoFactor,
  PENDING_SETUP_SECONDS,
  type TwoFactor,
  type TwoFactorStatus,
} from './service.js';
