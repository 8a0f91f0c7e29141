CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" date,
	"job_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"file_name" text,
	"size_bytes" bigint,
	"duration_ms" integer,
	"rows_checked" bigint,
	"blobs" integer,
	"error" text,
	"removed_at" timestamp with time zone,
	CONSTRAINT "backup_runs_scheduled_for_key" UNIQUE("scheduled_for"),
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('scheduled', 'manual')),
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" in ('queued', 'running', 'verified', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "backup_enabled" boolean;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "backup_time" text DEFAULT '02:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "backup_keep" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_info" ADD CONSTRAINT "company_info_backup_time_check" CHECK ("company_info"."backup_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "company_info" ADD CONSTRAINT "company_info_backup_keep_check" CHECK ("company_info"."backup_keep" between 1 and 365);