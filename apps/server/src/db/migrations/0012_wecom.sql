CREATE TABLE "wecom_app" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_app_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"mode" varchar(8) DEFAULT 'SANDBOX' NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"agent_id" integer,
	"secret_sealed" text NOT NULL,
	"secret_last4" varchar(4),
	"callback_key" varchar(32) NOT NULL,
	"callback_token" varchar(32) NOT NULL,
	"encoding_aes_key_sealed" text NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"last_verified_at" timestamp with time zone,
	"last_error" varchar(300),
	"visible_range" jsonb,
	"token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"token_lease_until" timestamp with time zone,
	"token_lease_owner" varchar(40),
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "wecom_app_kind_chk" CHECK ("wecom_app"."kind" IN ('CUSTOMER_APP','CONTACT_SYNC')),
	CONSTRAINT "wecom_app_mode_chk" CHECK ("wecom_app"."mode" IN ('SANDBOX','LIVE')),
	CONSTRAINT "wecom_app_status_chk" CHECK ("wecom_app"."status" IN ('ENABLED','DISABLED','INVALID'))
);
--> statement-breakpoint
CREATE TABLE "wecom_callback_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_callback_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" bigint NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"dedup_key" varchar(300) NOT NULL,
	"event" varchar(64) NOT NULL,
	"change_type" varchar(64) DEFAULT '' NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" varchar(300),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "wecom_callback_event_status_chk" CHECK ("wecom_callback_event"."status" IN ('PENDING','DONE','FAILED','IGNORED'))
);
--> statement-breakpoint
CREATE TABLE "wecom_department" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_department_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"dept_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"order" bigint DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_external_contact" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_external_contact_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"external_userid" varchar(64) NOT NULL,
	"name" varchar(128) DEFAULT '' NOT NULL,
	"avatar" varchar(512) DEFAULT '' NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"unionid" varchar(64),
	"corp_name" varchar(128) DEFAULT '' NOT NULL,
	"corp_full_name" varchar(256) DEFAULT '' NOT NULL,
	"client_id" bigint,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_member" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"userid" varchar(64) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"departments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"main_department" integer,
	"position" varchar(128) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"has_customer_contact" boolean DEFAULT false NOT NULL,
	"sys_user_id" bigint,
	"customer_count" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_relation" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"external_userid" varchar(64) NOT NULL,
	"userid" varchar(64) NOT NULL,
	"contact_id" bigint NOT NULL,
	"staff_user_id" bigint,
	"remark" varchar(128) DEFAULT '' NOT NULL,
	"description" varchar(512) DEFAULT '' NOT NULL,
	"add_time" timestamp with time zone,
	"add_way" integer DEFAULT 0 NOT NULL,
	"state" varchar(64) DEFAULT '' NOT NULL,
	"oper_userid" varchar(64) DEFAULT '' NOT NULL,
	"remark_mobiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(20) DEFAULT 'NORMAL' NOT NULL,
	"transfer_status" smallint,
	"transfer_takeover" varchar(64),
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_relation_status_chk" CHECK ("wecom_relation"."status" IN ('NORMAL','STAFF_DELETED','CUSTOMER_DELETED','TRANSFERRING','TRANSFERRED'))
);
--> statement-breakpoint
CREATE TABLE "wecom_sync_run" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_sync_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" bigint NOT NULL,
	"corp_id" varchar(64) NOT NULL,
	"type" varchar(16) DEFAULT 'FULL' NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'QUEUED' NOT NULL,
	"stage" varchar(24) DEFAULT 'departments' NOT NULL,
	"checkpoint" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api_calls" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by" bigint,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wecom_sync_run_trigger_chk" CHECK ("wecom_sync_run"."trigger" IN ('SCHEDULE','MANUAL','CALLBACK')),
	CONSTRAINT "wecom_sync_run_status_chk" CHECK ("wecom_sync_run"."status" IN ('QUEUED','RUNNING','SUCCESS','PARTIAL','FAILED'))
);
--> statement-breakpoint
CREATE TABLE "wecom_tag" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"tag_id" varchar(64) NOT NULL,
	"group_id" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"order" bigint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone,
	"created_by_us" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wecom_tag_group" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wecom_tag_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"corp_id" varchar(64) NOT NULL,
	"group_id" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"order" bigint DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone,
	"created_by_us" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"seen_run" bigint,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_app_callback_key_uq" ON "wecom_app" USING btree ("callback_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_callback_event_dedup_uq" ON "wecom_callback_event" USING btree ("app_id","dedup_key");--> statement-breakpoint
CREATE INDEX "wecom_callback_event_pending_idx" ON "wecom_callback_event" USING btree ("id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_department_uq" ON "wecom_department" USING btree ("corp_id","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_external_contact_uq" ON "wecom_external_contact" USING btree ("corp_id","external_userid");--> statement-breakpoint
CREATE INDEX "wecom_external_contact_client_idx" ON "wecom_external_contact" USING btree ("client_id") WHERE client_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wecom_external_contact_unionid_idx" ON "wecom_external_contact" USING btree ("unionid") WHERE unionid IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_member_uq" ON "wecom_member" USING btree ("corp_id","userid");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_member_sys_user_uq" ON "wecom_member" USING btree ("corp_id","sys_user_id") WHERE sys_user_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_relation_uq" ON "wecom_relation" USING btree ("corp_id","external_userid","userid");--> statement-breakpoint
CREATE INDEX "wecom_relation_contact_idx" ON "wecom_relation" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "wecom_relation_list_idx" ON "wecom_relation" USING btree ("add_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "wecom_relation_staff_idx" ON "wecom_relation" USING btree ("staff_user_id","add_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "wecom_relation_user_idx" ON "wecom_relation" USING btree ("userid","add_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted = false;--> statement-breakpoint
CREATE INDEX "wecom_relation_tags_gin" ON "wecom_relation" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "wecom_sync_run_app_idx" ON "wecom_sync_run" USING btree ("app_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_sync_run_active_uq" ON "wecom_sync_run" USING btree ("corp_id") WHERE status IN ('QUEUED','RUNNING') AND type = 'FULL';--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_tag_uq" ON "wecom_tag" USING btree ("corp_id","tag_id");--> statement-breakpoint
CREATE INDEX "wecom_tag_group_idx" ON "wecom_tag" USING btree ("corp_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wecom_tag_group_uq" ON "wecom_tag_group" USING btree ("corp_id","group_id");