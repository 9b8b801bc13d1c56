DROP INDEX "member_user_registered_idx";--> statement-breakpoint
CREATE INDEX "member_user_registered_nick_idx" ON "member_user" USING btree ("registered_at","id","nickname");