import { eq } from 'drizzle-orm';
import { verificationCodes } from '../db/schema.js';
import type { TestApp } from './app.js';

// Moving the clock of the codes sent to an address (server/src/modules/verification/service.ts
// keeps the send time and expiry per target), for suites that cannot wait a minute.

/** The last code sent to `target` was sent `ms` ago (default: just past the 60 s resend wait). */
export const sentAgo = (t: TestApp, target: string, ms = 61_000) =>
  t.deps.database.db
    .update(verificationCodes)
    .set({ lastSentAt: new Date(Date.now() - ms) })
    .where(eq(verificationCodes.target, target));

/** The codes sent to `target` have expired. */
export const expireCodes = (t: TestApp, target: string) =>
  t.deps.database.db
    .update(verificationCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verificationCodes.target, target));
