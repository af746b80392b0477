-- Named profiles (issue 28 point 1). A profile's lists (education, experience, certifications,
-- references) are read and saved whole with it: JSON arrays checked by the contract
-- (contracts/src/profiles.ts) before they are written. One default per person.
CREATE TABLE "user_profiles" (
  "id" serial PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "display_name" text NOT NULL,
  "role" text NOT NULL DEFAULT '',
  "avatar" text NOT NULL DEFAULT '',
  "original_avatar" text NOT NULL DEFAULT '',
  "block_ids" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "education" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "experience" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "certifications" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "references" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "is_default" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_profiles_user_idx" ON "user_profiles" ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_default_uq" ON "user_profiles" ("user_id") WHERE "is_default";
