CREATE TABLE "wecom_channel_code" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_channel_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" bigint NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"channel_id" bigint NOT NULL,
	"userids" text[] NOT NULL,
	"skip_verify" boolean DEFAULT true NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"welcome_text" varchar(1000) DEFAULT '' NOT NULL,
	"state" varchar(30) NOT NULL,
	"config_id" varchar(64) NOT NULL,
	"qr_code" varchar(512) DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "wecom_welcome" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_welcome_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" bigint NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"userid" varchar(64) NOT NULL,
	"external_userid" varchar(64) NOT NULL,
	"state" varchar(64) DEFAULT '' NOT NULL,
	"welcome_code" varchar(256) NOT NULL,
	"channel_code_id" bigint,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"errcode" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"text" varchar(1100) DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "wecom_welcome_status_chk" CHECK ("wecom_welcome"."status" IN ('PENDING','SENT','FAILED','SKIPPED'))
);
--> statement-breakpoint
ALTER TABLE "wecom_app" ADD COLUMN "default_welcome" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wecom_relation" ADD COLUMN "channel_code_id" bigint;--> statement-breakpoint
ALTER TABLE "wecom_relation" ADD COLUMN "channel_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_channel_code_state_uq" ON "wecom_channel_code" USING btree ("corp_id","state");--> statement-breakpoint
CREATE INDEX "wecom_channel_code_list_idx" ON "wecom_channel_code" USING btree ("id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_welcome_code_uq" ON "wecom_welcome" USING btree ("corp_id","welcome_code");--> statement-breakpoint
CREATE INDEX "wecom_welcome_code_idx" ON "wecom_welcome" USING btree ("channel_code_id") WHERE channel_code_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wecom_relation_channel_code_idx" ON "wecom_relation" USING btree ("channel_code_id") WHERE channel_code_id IS NOT NULL;--> statement-breakpoint
-- Existing installs: the built-in roles that see the WeCom contacts (siyu, chakan) get the new page.
UPDATE "role" SET "permissions" = array_append("permissions", 'wecom.channel-code-list')
WHERE "builtin" = true AND "key" IN ('siyu', 'chakan') AND NOT ('wecom.channel-code-list' = ANY("permissions"));
--> statement-breakpoint
CREATE INDEX "wecom_relation_code_state_idx" ON "wecom_relation" USING btree ("corp_id","state") WHERE channel_code_id IS NULL AND state LIKE 'ch%';
