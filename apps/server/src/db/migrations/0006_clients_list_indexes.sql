DROP INDEX "client_owner_idx";--> statement-breakpoint
DROP INDEX "client_mobile_tail_idx";--> statement-breakpoint
CREATE INDEX "client_owner_idx" ON "client" USING btree ("owner_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"stage","level") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_mobile_tail_idx" ON "client" USING btree (right(mobile, 4));