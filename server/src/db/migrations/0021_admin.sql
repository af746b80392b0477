-- The admin console (issue 31 point 1). An account an operator suspended: sign-in refused until
-- restored (server/src/modules/sign-in/complete-sign-in.ts).
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
-- Every admin action (the console's and the command line's): who, what, on which account or
-- client, when and from where. Rows are only ever added: the trigger refuses a change or a
-- removal, whoever asks. Ids only (no personal data), so an erased account's entries stay.
CREATE TABLE "audit_log" (
  "id" bigserial PRIMARY KEY,
  "actor_id" text,
  "action" text NOT NULL,
  "target_kind" text NOT NULL,
  "target_id" text,
  "detail" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "ip" text,
  "user_agent" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" ("target_id", "id");
--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
INSERT INTO "modules" ("id", "parent_id", "position") VALUES ('admin', 'backoffice', 5);
--> statement-breakpoint
INSERT INTO "permissions" ("id", "module_id") VALUES
  ('accounts:read', 'admin'),
  ('accounts:write', 'admin'),
  ('clients:write', 'admin'),
  ('audit:read', 'admin');
--> statement-breakpoint
-- The group the command line's `admin create` makes people members of: every permission.
INSERT INTO "permission_groups" ("code", "name") VALUES ('administrators', 'Administrators');
--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "permission_id")
  SELECT g."id", p."id" FROM "permission_groups" g CROSS JOIN "permissions" p WHERE g."code" = 'administrators';
