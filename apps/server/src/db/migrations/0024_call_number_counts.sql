DROP INDEX "call_record_number_idx";--> statement-breakpoint
CREATE INDEX "call_record_number_answered_idx" ON "call_record" USING btree ("number_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST,"answered_at");--> statement-breakpoint
-- The index-only counts above skip the heap only on pages the visibility map marks all-visible:
-- vacuum call_record after ~1% of new or changed rows (default 20%: at 10M calls the last ~12 days
-- would stay unvacuumed, and the number list's 7-day counts would read the heap call by call).
ALTER TABLE "call_record" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
