-- Sign-in campaigns kept in the admin console (issue 31 point 1; contracts/src/campaigns.ts): a
-- name, and a window (a campaign shows between starts_at and ends_at, either open), by operators
-- holding `campaigns:write`, filed under the admin module; the administrators group holds every
-- permission.
ALTER TABLE "campaigns" ADD COLUMN "name" text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ends_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_window_ck" CHECK ("ends_at" IS NULL OR "starts_at" IS NULL OR "ends_at" > "starts_at");
--> statement-breakpoint
INSERT INTO "permissions" ("id", "module_id") VALUES ('campaigns:write', 'admin');
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
  SELECT "id", 'campaigns:write' FROM "permission_groups" WHERE "code" = 'administrators';
