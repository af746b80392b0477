CREATE TABLE "flows" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"subject" text,
	"target" text DEFAULT '' NOT NULL,
	"subject_key" text GENERATED ALWAYS AS (coalesce(subject, '')) STORED NOT NULL,
	"secret_hash" text,
	"binding" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_subject_users_id_fk" FOREIGN KEY ("subject") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flows_live_uq" ON "flows" USING btree ("kind","target","subject_key") WHERE "flows"."state" <> 'done' and "flows"."secret_hash" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "flows_secret_uq" ON "flows" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "flows_subject_idx" ON "flows" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "flows_expires_idx" ON "flows" USING btree ("expires_at");