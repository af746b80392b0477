-- Identity verification (issue 28 point 4). An uploaded ID image is a private file (DATA_DIR/private,
-- served only by signed URLs); kyc_files ties it to its owner under a random file id, the value the
-- claims kyc_front and kyc_back hold. kyc_verifications keeps each person's status (0 not
-- verified, 1 waiting, 2 verified, 3 refused) and the review.
CREATE TABLE "kyc_files" (
  "id" text PRIMARY KEY,
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "stored_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kyc_files_user_idx" ON "kyc_files" ("user_id");
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
