-- Guardian consent for children (issue 32 point 4; docs/children.md): the guardian a child named
-- and, once given, their consent: who (the address the code went to), how (the code's channel),
-- when, from where, and the exact text in the language they read it.
CREATE TABLE "guardian_consents" (
  "user_id" text PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "guardian" text NOT NULL,
  "asked_at" timestamp with time zone NOT NULL,
  "child_agreed_at" timestamp with time zone,
  "consented_at" timestamp with time zone,
  "method" text CHECK ("method" IN ('email_code', 'sms_code')),
  "text_locale" text,
  "text" text,
  "ip" text,
  "user_agent" text,
  CHECK (("consented_at" IS NULL) = ("method" IS NULL) AND ("consented_at" IS NULL) = ("text" IS NULL))
);
