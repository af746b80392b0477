-- Passkeys (issue 32 point 1, server/src/features/passkeys): WebAuthn credentials. The id is the
-- credential id (base64url), unique across accounts: an authenticator's answer names it, and it
-- finds its account. The counter moves forward with each sign-in when the authenticator keeps one.
CREATE TABLE "passkeys" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "device_type" text NOT NULL,
  "backed_up" boolean DEFAULT false NOT NULL,
  "aaguid" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" ("user_id", "created_at");
