ALTER TABLE "wecom_relation" ADD COLUMN "owner_checked_client_id" bigint;--> statement-breakpoint
ALTER TABLE "wecom_relation" ADD COLUMN "owner_check" varchar(24);