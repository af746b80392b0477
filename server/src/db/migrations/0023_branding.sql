-- Branding per product (issue 31 point 1): a block of the registry (notification_blocks) may
-- carry its own name and logo in each language, shown in the banner of the public pages a product
-- sends people to (contracts/src/branding.ts). Kept by operators holding `branding:write`, filed
-- under the admin module (0021_admin.sql); the administrators group holds every permission.
CREATE TABLE "brandings" (
  "block_id" text PRIMARY KEY REFERENCES "notification_blocks" ("id") ON DELETE CASCADE,
  "name_vi" text NOT NULL,
  "name_en" text,
  -- The logos' addresses: stored uploads (<PUBLIC_URL>/uploads/<name>), made anew at upload.
  "logo_vi" text,
  "logo_en" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "permissions" ("id", "module_id") VALUES ('branding:write', 'admin');
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
  SELECT "id", 'branding:write' FROM "permission_groups" WHERE "code" = 'administrators';
