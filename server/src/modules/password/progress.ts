import type { AppDeps } from '../../deps.js';
import { findCode, type VerificationPurpose } from '../verification/index.js';

/**
 * Whether a code flow is in progress for (purpose, target, account): its code was sent and can still be
 * tried (unused, unexpired, tries left). The resume checks of register and forgot password use it.
 */
export async function codeInProgress(
  { database, config }: AppDeps,
  purpose: VerificationPurpose,
  target: string,
  userId: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await findCode(database.db, { purpose, target, userId });
  return !!row && !row.consumedAt && row.expiresAt > now && row.attempts < config.OTP_MAX_ATTEMPTS;
}
