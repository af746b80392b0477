-- Remember this device (server/src/modules/sign-in/remembered.ts): one row per browser a user chose to remember at the second sign-in step.
CREATE TABLE "remembered_browsers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_type" smallint NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remembered_browsers" ADD CONSTRAINT "remembered_browsers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remembered_browsers_user_idx" ON "remembered_browsers" USING btree ("user_id");
