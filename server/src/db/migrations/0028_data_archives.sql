-- Download my data (issue 32 point 3): a person's data archive is a private file of its own
-- purpose, owned by them and removed with the account (server/src/features/data-export).
ALTER TABLE "private_files" DROP CONSTRAINT "private_files_purpose_ck";
--> statement-breakpoint
ALTER TABLE "private_files" ADD CONSTRAINT "private_files_purpose_ck" CHECK ("purpose" IN ('kyc', 'certificate', 'export'));
--> statement-breakpoint
CREATE INDEX "private_files_purpose_created_idx" ON "private_files" ("purpose", "created_at");
