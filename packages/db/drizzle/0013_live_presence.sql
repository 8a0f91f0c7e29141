CREATE TABLE "live_presence" (
	"tab_id" text NOT NULL,
	"entity" text NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_tab_id_entity_record_id_pk" PRIMARY KEY("tab_id","entity","record_id")
);
--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_presence_record_idx" ON "live_presence" USING btree ("entity","record_id");
