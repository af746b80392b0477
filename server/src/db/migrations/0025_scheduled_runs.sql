-- Work that must run once across every copy (issue 33 point 4; server/src/modules/housekeeping):
-- a job's last run. A copy claims a due job by moving last_run_at forward in the same statement
-- that checks it is due, under a transaction-scoped advisory lock, so three copies waking
-- together run it once.
CREATE TABLE "scheduled_runs" (
  "name" text PRIMARY KEY NOT NULL,
  "last_run_at" timestamp with time zone NOT NULL,
  "last_result" jsonb DEFAULT '{}'::jsonb NOT NULL
);
