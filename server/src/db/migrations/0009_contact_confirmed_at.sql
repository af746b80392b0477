-- When an e-mail or phone was confirmed through the account pages (server/src/features/contacts/service.ts);
-- null for addresses the account began with. A second sign-in step is never sent to an address
-- confirmed within the last day (issue 24 point 5: a stolen token must not plant where the code goes).
ALTER TABLE "user_contacts" ADD COLUMN "confirmed_at" timestamp with time zone;
