-- When a child's account was first seen waiting for its guardian (issue 32 point 4;
-- docs/children.md): housekeeping notes it, and erases the account GUARDIAN_WAIT_DAYS later if
-- nobody consented. Accounts waiting when this ships start their wait when it first runs.
CREATE TABLE "guardian_waits" (
  "user_id" text PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "since" timestamp with time zone NOT NULL
);
