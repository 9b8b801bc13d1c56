CREATE TABLE "call_record" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_id" varchar(64),
	"provider" varchar(16) NOT NULL,
	"number_id" bigint,
	"user_id" bigint,
	"dept_id" bigint,
	"client_id" bigint,
	"direction" varchar(8) DEFAULT 'OUT' NOT NULL,
	"callee_masked" varchar(20) DEFAULT '' NOT NULL,
	"display_number" varchar(20) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'DIALING' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ring_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"status_code" varchar(32) DEFAULT '' NOT NULL,
	"end_reason" varchar(200) DEFAULT '' NOT NULL,
	"hangup_by" varchar(8),
	"recording_url" varchar(500),
	"follow_up_id" bigint,
	"raw" jsonb,
	CONSTRAINT "call_record_status_chk" CHECK ("call_record"."status" IN ('DIALING','RINGING','ANSWERED','ENDED','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "call_script" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_script_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"root_id" bigint NOT NULL,
	"version_no" integer DEFAULT 1 NOT NULL,
	"title" varchar(64) NOT NULL,
	"category" varchar(16) NOT NULL,
	"product_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"grade_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"qa_pairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(12) DEFAULT 'DRAFT' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "call_script_status_chk" CHECK ("call_script"."status" IN ('DRAFT','PUBLISHED','ARCHIVED'))
);
--> statement-breakpoint
CREATE TABLE "caller_number" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caller_number_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" varchar(20) NOT NULL,
	"number_type" varchar(12) NOT NULL,
	"provider" varchar(16) DEFAULT 'sandbox' NOT NULL,
	"provider_ref" varchar(64) DEFAULT '' NOT NULL,
	"city" varchar(32) DEFAULT '' NOT NULL,
	"carrier" varchar(32) DEFAULT '' NOT NULL,
	"mode" varchar(8) DEFAULT 'POOL' NOT NULL,
	"assigned_user_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"assigned_dept_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"daily_limit" integer DEFAULT 200 NOT NULL,
	"concurrency" integer DEFAULT 1 NOT NULL,
	"call_window_start" varchar(5) DEFAULT '09:00' NOT NULL,
	"call_window_end" varchar(5) DEFAULT '20:30' NOT NULL,
	"status" varchar(12) DEFAULT 'AVAILABLE' NOT NULL,
	"expire_at" date,
	"monthly_cost" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"today_key" varchar(10) DEFAULT '' NOT NULL,
	"today_calls" integer DEFAULT 0 NOT NULL,
	"active_calls" integer DEFAULT 0 NOT NULL,
	"flagged_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "caller_number_type_chk" CHECK ("caller_number"."number_type" IN ('MOBILE','LANDLINE','N95','N400','PRIVACY_X')),
	CONSTRAINT "caller_number_mode_chk" CHECK ("caller_number"."mode" IN ('FIXED','POOL')),
	CONSTRAINT "caller_number_status_chk" CHECK ("caller_number"."status" IN ('AVAILABLE','DISABLED','FLAGGED','SUSPENDED','RECYCLED')),
	CONSTRAINT "caller_number_counts_chk" CHECK ("caller_number"."active_calls" >= 0 AND "caller_number"."today_calls" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbound_setting" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"connect_rate_threshold" integer DEFAULT 15 NOT NULL,
	"connect_rate_min_calls" integer DEFAULT 100 NOT NULL,
	"sms_window_start" varchar(5) DEFAULT '08:00' NOT NULL,
	"sms_window_end" varchar(5) DEFAULT '21:00' NOT NULL,
	"sms_daily_cap" integer DEFAULT 3 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "outbound_setting_single_chk" CHECK ("outbound_setting"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "provider_config" (
	"kind" varchar(8) PRIMARY KEY NOT NULL,
	"provider" varchar(16) DEFAULT 'sandbox' NOT NULL,
	"access_key_id" varchar(128) DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"endpoint" varchar(200) DEFAULT '' NOT NULL,
	"region" varchar(32) DEFAULT '' NOT NULL,
	"app_id" varchar(64) DEFAULT '' NOT NULL,
	"receipt_token" varchar(64) NOT NULL,
	"sandbox_success_rate" smallint DEFAULT 60 NOT NULL,
	"sandbox_delay_ms" integer DEFAULT 5000 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "provider_receipt" (
	"provider" varchar(16) NOT NULL,
	"receipt_key" varchar(200) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"template_id" bigint NOT NULL,
	"template_code" varchar(32) NOT NULL,
	"template_type" varchar(12) NOT NULL,
	"sign_name" varchar(12) NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" varchar(1000) NOT NULL,
	"client_id" bigint,
	"sent_by" bigint,
	"dept_id" bigint,
	"provider" varchar(16) NOT NULL,
	"send_status" varchar(8) DEFAULT 'INIT' NOT NULL,
	"receive_status" varchar(8) DEFAULT 'INIT' NOT NULL,
	"api_code" varchar(64) DEFAULT '' NOT NULL,
	"api_msg" varchar(200) DEFAULT '' NOT NULL,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"biz_id" varchar(64) DEFAULT '' NOT NULL,
	"receive_code" varchar(64) DEFAULT '' NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "sms_log_send_chk" CHECK ("sms_log"."send_status" IN ('INIT','SUCCESS','FAILURE','IGNORE')),
	CONSTRAINT "sms_log_receive_chk" CHECK ("sms_log"."receive_status" IN ('INIT','SUCCESS','FAILURE'))
);
--> statement-breakpoint
CREATE TABLE "sms_sign" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_sign_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(12) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"source" varchar(20) DEFAULT 'ENTERPRISE' NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"reject_reason" varchar(500) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "sms_sign_status_chk" CHECK ("sms_sign"."status" IN ('PENDING','APPROVED','REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "sms_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(30) NOT NULL,
	"type" varchar(12) NOT NULL,
	"sign_id" bigint NOT NULL,
	"content" varchar(500) NOT NULL,
	"params" text[] DEFAULT '{}'::text[] NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_template_code" varchar(64) DEFAULT '' NOT NULL,
	"audit_status" varchar(10) DEFAULT 'DRAFT' NOT NULL,
	"reject_reason" varchar(500) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"apply_remark" varchar(100) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "sms_template_type_chk" CHECK ("sms_template"."type" IN ('VERIFICATION','NOTICE','PROMOTION')),
	CONSTRAINT "sms_template_audit_chk" CHECK ("sms_template"."audit_status" IN ('DRAFT','PENDING','APPROVED','REJECTED','CANCELLED'))
);
--> statement-breakpoint
CREATE INDEX "call_record_client_idx" ON "call_record" USING btree ("client_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_record_number_idx" ON "call_record" USING btree ("number_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_record_user_idx" ON "call_record" USING btree ("user_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_record_started_idx" ON "call_record" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "call_record_provider_call_uq" ON "call_record" USING btree ("provider","call_id");--> statement-breakpoint
CREATE INDEX "call_record_open_idx" ON "call_record" USING btree ("started_at") WHERE status NOT IN ('ENDED','FAILED');--> statement-breakpoint
CREATE INDEX "call_script_root_idx" ON "call_script" USING btree ("root_id","version_no");--> statement-breakpoint
CREATE INDEX "call_script_status_idx" ON "call_script" USING btree ("status","sort") WHERE deleted = false;--> statement-breakpoint
CREATE UNIQUE INDEX "call_script_one_draft_uq" ON "call_script" USING btree ("root_id") WHERE deleted = false AND status = 'DRAFT';--> statement-breakpoint
CREATE UNIQUE INDEX "call_script_one_published_uq" ON "call_script" USING btree ("root_id") WHERE deleted = false AND status = 'PUBLISHED';--> statement-breakpoint
CREATE UNIQUE INDEX "caller_number_number_uq" ON "caller_number" USING btree ("number") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "caller_number_users_idx" ON "caller_number" USING gin ("assigned_user_ids");--> statement-breakpoint
CREATE INDEX "caller_number_depts_idx" ON "caller_number" USING gin ("assigned_dept_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_receipt_uq" ON "provider_receipt" USING btree ("provider","receipt_key");--> statement-breakpoint
CREATE INDEX "sms_log_template_idx" ON "sms_log" USING btree ("template_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_log_client_idx" ON "sms_log" USING btree ("client_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_log_sent_idx" ON "sms_log" USING btree ("sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_log_mobile_idx" ON "sms_log" USING btree ("mobile","sent_at");--> statement-breakpoint
CREATE INDEX "sms_log_biz_idx" ON "sms_log" USING btree ("biz_id") WHERE biz_id <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "sms_sign_name_uq" ON "sms_sign" USING btree ("name","provider") WHERE deleted = false;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_template_code_uq" ON "sms_template" USING btree ("code") WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "sms_template_pending_idx" ON "sms_template" USING btree ("submitted_at") WHERE audit_status = 'PENDING' AND deleted = false;