-- The WeCom callback token and the receipt tokens are sealed (SecretBox) by the server at start
-- (sealPlainTokens: the key is not at hand here); a message without a receipt ends NO_RECEIPT.
ALTER TABLE "sms_log" DROP CONSTRAINT "sms_log_receive_chk";--> statement-breakpoint
ALTER TABLE "provider_config" ALTER COLUMN "receipt_token" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "provider_config" RENAME COLUMN "receipt_token" TO "receipt_token_sealed";--> statement-breakpoint
ALTER TABLE "sms_log" ALTER COLUMN "receive_status" SET DATA TYPE varchar(12);--> statement-breakpoint
ALTER TABLE "sms_log" ALTER COLUMN "receive_status" SET DEFAULT 'INIT';--> statement-breakpoint
ALTER TABLE "wecom_app" ALTER COLUMN "callback_token" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "wecom_app" RENAME COLUMN "callback_token" TO "callback_token_sealed";--> statement-breakpoint
CREATE INDEX "sms_log_awaiting_idx" ON "sms_log" USING btree ("provider","sent_at") WHERE receive_status = 'INIT';--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_receive_chk" CHECK ("sms_log"."receive_status" IN ('INIT','SUCCESS','FAILURE','NO_RECEIPT'));