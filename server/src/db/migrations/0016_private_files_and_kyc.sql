-- Private files and identity verification (issue 28 points 1, 4, 6). A private file (an ID image,
-- a certificate) is stored apart from the public uploads (DATA_DIR/private) and served only by
-- signed URLs; private_files ties it to its owner and purpose under a random file id, the value
-- the claims kyc_front and kyc_back (and a profile's certificate) hold. kyc_verifications keeps
-- each person's status (0 not verified, 1 waiting, 2 verified, 3 refused) and the review.
CREATE TABLE "private_files" (
  "id" text PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "purpose" text NOT NULL,
  "stored_name" text NOT NULL,
  "file_name" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "private_files_purpose_ck" CHECK ("purpose" IN ('kyc', 'certificate'))
);
--> statement-breakpoint
CREATE INDEX "private_files_user_idx" ON "private_files" ("user_id", "purpose");
--> statement-breakpoint
CREATE TABLE "kyc_verifications" (
  "user_id" text PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
  "status" smallint NOT NULL,
  "reason" text,
  "submitted_at" timestamp with time zone,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "kyc_verifications_status_ck" CHECK ("status" IN (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE INDEX "kyc_verifications_status_idx" ON "kyc_verifications" ("status", "submitted_at");
