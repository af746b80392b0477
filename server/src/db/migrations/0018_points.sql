-- Loyalty points (issue 30 point 3, 4). Every change is a row of the history, made once per
-- product and Idempotency-Key (the unique key: a retry, even a parallel one, lands no second row);
-- the balance is one row per person that an UPDATE moves only while it stays at or above zero,
-- so two deductions racing for one balance cannot both pass.
CREATE TABLE "point_balances" (
  "user_id" text PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "balance" bigint NOT NULL DEFAULT 0 CHECK ("balance" >= 0),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
  "id" bigserial PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "client_id" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "block_id" text,
  "action_name" text NOT NULL,
  "object_title" text NOT NULL DEFAULT '',
  "point" integer NOT NULL CHECK ("point" <> 0),
  "balance_after" bigint NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_idempotency_uq" ON "point_entries" ("client_id", "idempotency_key");
--> statement-breakpoint
CREATE INDEX "point_entries_user_idx" ON "point_entries" ("user_id", "id");
