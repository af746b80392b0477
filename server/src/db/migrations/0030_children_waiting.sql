-- A child's account nobody consented for is erased after GUARDIAN_WAIT_DAYS (issue 32 point 4;
-- docs/children.md): housekeeping looks for the live accounts born after a date, so that search
-- reads an index, not every account.
CREATE INDEX "users_birthdate_live_idx" ON "users" ("birthdate") WHERE "deleted_at" IS NULL AND "birthdate" IS NOT NULL;
