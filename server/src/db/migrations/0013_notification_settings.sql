-- Notification settings (issue 28 point 5). Products register blocks (a product area) and modules
-- (a kind of notification, in a block or general); a person's channels per module are kept only
-- once chosen: until then the module's default channels hold.
CREATE TABLE "notification_blocks" (
  "id" text PRIMARY KEY,
  "name" text NOT NULL,
  "title_vi" text NOT NULL,
  "title_en" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_modules" (
  "id" serial PRIMARY KEY,
  "block_id" text REFERENCES "notification_blocks" ("id") ON DELETE CASCADE,
  "block_key" text GENERATED ALWAYS AS (coalesce(block_id, '')) STORED NOT NULL,
  "module_name" text NOT NULL,
  "title_vi" text NOT NULL,
  "title_en" text NOT NULL,
  "default_email" boolean NOT NULL DEFAULT true,
  "default_web" boolean NOT NULL DEFAULT true,
  "default_app" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One module per name in a block, and among the general ones (no block): two products racing to
-- register the same module land one row.
CREATE UNIQUE INDEX "notification_modules_key_uq" ON "notification_modules" ("block_key", "module_name");
--> statement-breakpoint
CREATE TABLE "notification_choices" (
  "user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "module_id" integer NOT NULL REFERENCES "notification_modules" ("id") ON DELETE CASCADE,
  "email" boolean NOT NULL,
  "web" boolean NOT NULL,
  "app" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "module_id")
);
