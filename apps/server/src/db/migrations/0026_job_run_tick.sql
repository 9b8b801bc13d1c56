ALTER TABLE "job_run" ADD COLUMN "tick_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_tick_uq" ON "job_run" USING btree ("job","tick_at") WHERE tick_at IS NOT NULL;