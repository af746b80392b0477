CREATE TABLE "user_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"claim_type" text NOT NULL,
	"claim_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_claims" ADD CONSTRAINT "user_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_claims_user_type_uq" ON "user_claims" USING btree ("user_id","claim_type");--> statement-breakpoint
CREATE INDEX "user_claims_type_value_idx" ON "user_claims" USING btree ("claim_type","claim_value");