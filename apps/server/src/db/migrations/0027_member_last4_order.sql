DROP INDEX "member_user_last4_idx";--> statement-breakpoint
CREATE INDEX "member_user_last4_registered_idx" ON "member_user" USING btree ("mobile_last4","registered_at","id");