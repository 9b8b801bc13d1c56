CREATE TABLE "export_job" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'RUNNING' NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"total" bigint,
	"file_id" varchar(36),
	"error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "export_job_user_idx" ON "export_job" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_file_expires_idx" ON "stored_file" USING btree ("expires_at");