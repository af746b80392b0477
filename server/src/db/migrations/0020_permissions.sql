-- Permissions, groups and modules (issue 30 point 5). A permission is one back-office duty (the
-- scope of the product API's endpoints: contracts/src/endpoint.ts PRODUCT_SCOPES), filed under a
-- module of a tree; groups hold permissions, and people (user) or back-office clients (client) are
-- members of groups. The product API's door (server/src/features/auth/product.ts) grants what a
-- caller's groups hold besides what a client's configured scopes give.
CREATE TABLE "modules" (
  "id" text PRIMARY KEY,
  "parent_id" text REFERENCES "modules" ("id"),
  "position" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE "permissions" (
  "id" text PRIMARY KEY,
  "module_id" text NOT NULL REFERENCES "modules" ("id")
);
--> statement-breakpoint
CREATE TABLE "permission_groups" (
  "id" serial PRIMARY KEY,
  "code" text NOT NULL UNIQUE CHECK ("code" ~ '^[a-z0-9][a-z0-9._-]{0,63}$'),
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
  "group_id" integer NOT NULL REFERENCES "permission_groups" ("id") ON DELETE CASCADE,
  "permission_id" text NOT NULL REFERENCES "permissions" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("group_id", "permission_id")
);
--> statement-breakpoint
CREATE TABLE "group_members" (
  "group_id" integer NOT NULL REFERENCES "permission_groups" ("id") ON DELETE CASCADE,
  "member_kind" text NOT NULL CHECK ("member_kind" IN ('user', 'client')),
  "member_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("group_id", "member_kind", "member_id")
);
--> statement-breakpoint
CREATE INDEX "group_members_member_idx" ON "group_members" ("member_kind", "member_id");
--> statement-breakpoint
INSERT INTO "modules" ("id", "parent_id", "position") VALUES
  ('backoffice', NULL, 0),
  ('accounts', 'backoffice', 1),
  ('kyc', 'accounts', 1),
  ('notifications', 'accounts', 2),
  ('lookups', 'backoffice', 2),
  ('commerce', 'backoffice', 3),
  ('orders', 'commerce', 1),
  ('points', 'commerce', 2),
  ('access', 'backoffice', 4);
--> statement-breakpoint
INSERT INTO "permissions" ("id", "module_id") VALUES
  ('users:read', 'accounts'),
  ('kyc:review', 'kyc'),
  ('notifications:read', 'notifications'),
  ('notifications:write', 'notifications'),
  ('lookups:write', 'lookups'),
  ('orders:write', 'orders'),
  ('points:write', 'points'),
  ('permissions:write', 'access');
