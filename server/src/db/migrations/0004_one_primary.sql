-- Races could leave two primaries of a type; keep one (a confirmed one first, then the oldest).
UPDATE "user_contacts" SET "is_primary" = false WHERE "is_primary" AND "id" NOT IN (SELECT DISTINCT ON ("user_id", "type") "id" FROM "user_contacts" WHERE "is_primary" ORDER BY "user_id", "type", "is_confirmed" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_contacts_one_primary_uq" ON "user_contacts" USING btree ("user_id","type") WHERE "user_contacts"."is_primary";
