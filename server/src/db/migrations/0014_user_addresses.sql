-- The address book (issue 28 point 3). An address keeps the locality scheme it was written in:
-- 2, province and ward (the two-tier division since 1 July 2025), or 3, province, district and
-- ward; only the three-tier one has a district. The codes are the official ones of the dataset
-- packages (server/src/features/address/localities.ts).
CREATE TABLE "user_addresses" (
  "id" serial PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "company" text NOT NULL DEFAULT '',
  "phone_number" text NOT NULL,
  "scheme" smallint NOT NULL,
  "province_code" text NOT NULL,
  "district_code" text,
  "ward_code" text NOT NULL,
  "details" text NOT NULL,
  "address_type" smallint NOT NULL DEFAULT 1,
  "is_default" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "user_addresses_scheme_ck" CHECK (
    ("scheme" = 2 AND "district_code" IS NULL) OR ("scheme" = 3 AND "district_code" IS NOT NULL)
  ),
  CONSTRAINT "user_addresses_type_ck" CHECK ("address_type" IN (1, 2))
);
--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" ("user_id");
--> statement-breakpoint
-- At most one default per person, whatever two requests race to do.
CREATE UNIQUE INDEX "user_addresses_default_uq" ON "user_addresses" ("user_id") WHERE "is_default";
