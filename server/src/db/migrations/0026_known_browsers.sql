-- The browsers an account has signed in from (issue 32 point 6, new-sign-in alerts): a browser is
-- named by a random key in its `portico_browser` cookie, stored here only as its SHA-256. The first
-- sign-in of an account from a browser inserts the row; the primary key makes that happen once, so
-- two sign-ins at the same moment send one alert. Rows unused for 400 days (a cookie's longest
-- life in Chromium) are purged by server/src/modules/housekeeping.
CREATE TABLE "known_browsers" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key_hash" text NOT NULL,
  "first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "key_hash")
);
--> statement-breakpoint
CREATE INDEX "known_browsers_last_seen_idx" ON "known_browsers" ("last_seen_at");
