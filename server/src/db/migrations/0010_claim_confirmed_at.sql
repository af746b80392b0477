-- When a claim's value was confirmed by a code sent to it (recovery ways, server/src/features/recovery).
-- Null: never confirmed; forgot password finds an account only by a confirmed recovery way
-- (issue 24 point 8: a typo must not hand the account to whoever owns the typed address).
ALTER TABLE "user_claims" ADD COLUMN "confirmed_at" timestamp with time zone;
