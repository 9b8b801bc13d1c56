CREATE TABLE "job_schedule" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "client_import_job" ADD COLUMN "source_file_id" varchar(36);--> statement-breakpoint
ALTER TABLE "client_import_job" ADD COLUMN "row_results" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_run" ADD COLUMN "trigger" varchar(16) DEFAULT 'SCHEDULE' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_run" ADD COLUMN "queue_job_id" varchar(40);--> statement-breakpoint
ALTER TABLE "job_run" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;