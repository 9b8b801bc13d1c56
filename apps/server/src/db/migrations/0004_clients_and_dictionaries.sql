CREATE TABLE "client" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"mobile" varchar(20),
	"mobile_raw" varchar(32),
	"wechat_id" varchar(64) DEFAULT '' NOT NULL,
	"student_name" varchar(32) DEFAULT '' NOT NULL,
	"gender" varchar(8) DEFAULT 'UNKNOWN' NOT NULL,
	"grade_id" bigint,
	"grade_year" integer,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"source_platform_id" bigint,
	"channel_id" bigint,
	"level" varchar(1),
	"stage" varchar(16) DEFAULT 'NEW' NOT NULL,
	"tag_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"owner_user_id" bigint,
	"owner_dept_id" bigint,
	"owner_time" timestamp with time zone,
	"first_owner_user_id" bigint,
	"pool_reason" varchar(24),
	"pool_time" timestamp with time zone,
	"pre_owner_user_id" bigint,
	"lock_status" boolean DEFAULT false NOT NULL,
	"followed" boolean DEFAULT false NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"last_follow_time" timestamp with time zone,
	"last_follow_content" varchar(500) DEFAULT '' NOT NULL,
	"next_follow_time" timestamp with time zone,
	"deal_status" boolean DEFAULT false NOT NULL,
	"first_paid_at" timestamp with time zone,
	"last_paid_at" timestamp with time zone,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"total_refund" bigint DEFAULT 0 NOT NULL,
	"member_user_id" bigint,
	"wecom_external_userid" varchar(64),
	"do_not_call" boolean DEFAULT false NOT NULL,
	"sms_opt_out" boolean DEFAULT false NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"search_grams" text[] GENERATED ALWAYS AS (cjk_grams(name || ' ' || student_name)) STORED,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "client_stage_chk" CHECK ("client"."stage" IN ('NEW','CONTACTED','INTENT','TRIAL','DEAL','INVALID')),
	CONSTRAINT "client_level_chk" CHECK ("client"."level" IS NULL OR "client"."level" IN ('A','B','C')),
	CONSTRAINT "client_gender_chk" CHECK ("client"."gender" IN ('MALE','FEMALE','UNKNOWN')),
	CONSTRAINT "client_pool_reason_chk" CHECK ("client"."pool_reason" IS NULL OR "client"."pool_reason" IN ('AUTO_NO_FOLLOW','AUTO_NO_DEAL','MANUAL_RELEASE','IMPORT_UNASSIGNED','OWNER_LEFT')),
	CONSTRAINT "client_money_chk" CHECK ("client"."total_paid" >= 0 AND "client"."total_refund" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_import_job" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"target_user_id" bigint,
	"to_pool" boolean DEFAULT false NOT NULL,
	"lang" varchar(8) DEFAULT 'zh' NOT NULL,
	"status" varchar(16) DEFAULT 'RUNNING' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_id" varchar(36),
	"error" varchar(500),
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_limit_config" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_limit_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" varchar(16) NOT NULL,
	"user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"dept_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"max_count" integer NOT NULL,
	"deal_counts" boolean DEFAULT false NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "client_limit_config_type_chk" CHECK ("client_limit_config"."type" IN ('OWNER_LIMIT','LOCK_LIMIT'))
);
--> statement-breakpoint
CREATE TABLE "client_owner_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_owner_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"from_user_id" bigint,
	"to_user_id" bigint,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_owner_log_type_chk" CHECK ("client_owner_log"."type" IN ('CREATE','CLAIM','ASSIGN','TRANSFER','RELEASE','AUTO_RECYCLE','WECOM_TRANSFER','OWNER_LEFT'))
);
--> statement-breakpoint
CREATE TABLE "client_pool_config" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"contact_expire_days" integer DEFAULT 7 NOT NULL,
	"deal_expire_days" integer DEFAULT 30 NOT NULL,
	"notify_enabled" boolean DEFAULT true NOT NULL,
	"notify_days" integer DEFAULT 2 NOT NULL,
	"recycle_deal_clients" boolean DEFAULT false NOT NULL,
	"claim_daily_limit" integer DEFAULT 20 NOT NULL,
	"pre_owner_ban_days" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "client_pool_config_single_chk" CHECK ("client_pool_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "client_tag" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(30) NOT NULL,
	"color" varchar(7) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "follow_up" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_up_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"source" varchar(16) DEFAULT 'MANUAL' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"stage_before" varchar(16),
	"stage_after" varchar(16),
	"next_follow_time" timestamp with time zone,
	"pic_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"call_record_id" bigint,
	"talk_seconds" integer,
	"counts_as_contact" boolean DEFAULT true NOT NULL,
	"creator_dept_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "follow_up_type_chk" CHECK ("follow_up"."type" IN ('CALL','SMS','WECHAT','VISIT','OTHER')),
	CONSTRAINT "follow_up_source_chk" CHECK ("follow_up"."source" IN ('MANUAL','CALL','SMS','WECOM'))
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"day_key" varchar(10),
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"stage" varchar(16) NOT NULL,
	"next_grade_id" bigint,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "grade_stage_chk" CHECK ("grade"."stage" IN ('PRESCHOOL','PRIMARY','JUNIOR','SENIOR','OTHER')),
	CONSTRAINT "grade_status_chk" CHECK ("grade"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "order_channel" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_channel_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"parent_id" bigint,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "order_channel_status_chk" CHECK ("order_channel"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "source_platform" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "source_platform_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"sync_enabled" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "source_platform_type_chk" CHECK ("source_platform"."type" IN ('OWN','MARKETPLACE','OFFLINE')),
	CONSTRAINT "source_platform_status_chk" CHECK ("source_platform"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
ALTER TABLE "client_owner_log" ADD CONSTRAINT "client_owner_log_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up" ADD CONSTRAINT "follow_up_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_mobile_uq" ON "client" USING btree ("mobile") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_created_idx" ON "client" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_owner_idx" ON "client" USING btree ("owner_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_pool_idx" ON "client" USING btree ("pool_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false AND owner_user_id IS NULL;--> statement-breakpoint
CREATE INDEX "client_last_follow_idx" ON "client" USING btree ("last_follow_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_next_follow_idx" ON "client" USING btree ("next_follow_time","id") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_total_paid_idx" ON "client" USING btree ("total_paid" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_grams_idx" ON "client" USING gin ("search_grams") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "client_tags_idx" ON "client" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "client_mobile_tail_idx" ON "client" USING btree (right(mobile, 4)) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "client_mobile_trgm_idx" ON "client" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_wechat_idx" ON "client" USING btree (lower(wechat_id)) WHERE wechat_id <> '';--> statement-breakpoint
CREATE INDEX "client_import_job_user_idx" ON "client_import_job" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "client_owner_log_client_idx" ON "client_owner_log" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_owner_log_to_idx" ON "client_owner_log" USING btree ("to_user_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_tag_name_uq" ON "client_tag" USING btree ("name") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "follow_up_client_idx" ON "follow_up" USING btree ("client_id","created_at" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "follow_up_creator_idx" ON "follow_up" USING btree ("created_by","created_at" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "follow_up_created_idx" ON "follow_up" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "follow_up_next_idx" ON "follow_up" USING btree ("next_follow_time") WHERE deleted = false AND next_follow_time IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_uq" ON "notification" USING btree ("user_id","kind","day_key");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_code_uq" ON "grade" USING btree ("code") WHERE deleted = false;--> statement-breakpoint
CREATE UNIQUE INDEX "order_channel_code_uq" ON "order_channel" USING btree ("code") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "order_channel_parent_idx" ON "order_channel" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "source_platform_code_uq" ON "source_platform" USING btree ("code") WHERE deleted = false;