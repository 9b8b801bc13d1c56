CREATE TABLE "class_student" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_student_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"class_id" bigint NOT NULL,
	"member_user_id" bigint NOT NULL,
	"client_id" bigint,
	"order_id" bigint,
	"order_item_id" bigint,
	"join_type" varchar(16) NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"status" varchar(16) DEFAULT 'NORMAL' NOT NULL,
	"learned_count" integer DEFAULT 0 NOT NULL,
	"last_learn_at" timestamp with time zone,
	"attendance_count" integer DEFAULT 0 NOT NULL,
	"transferred_to_id" bigint,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "class_student_join_chk" CHECK ("class_student"."join_type" IN ('ORDER','MANUAL','TRANSFER_IN','IMPORT')),
	CONSTRAINT "class_student_status_chk" CHECK ("class_student"."status" IN ('NORMAL','TRANSFERRED','REFUNDED','REMOVED','EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "course_class" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_class_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"code" varchar(40) NOT NULL,
	"spu_id" bigint,
	"sku_id" bigint,
	"term_no" integer,
	"grade_id" bigint,
	"subject" varchar(32) DEFAULT '' NOT NULL,
	"head_teacher_id" bigint,
	"teacher_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"assistant_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"schedule" varchar(500) DEFAULT '' NOT NULL,
	"wecom_group_chat_id" varchar(64),
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "course_class_status_chk" CHECK ("course_class"."status" IN ('DRAFT','ENROLLING','IN_PROGRESS','FINISHED','ARCHIVED')),
	CONSTRAINT "course_class_capacity_chk" CHECK ("course_class"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_user_id" bigint NOT NULL,
	"spu_id" bigint NOT NULL,
	"sku_id" bigint,
	"source" varchar(16) NOT NULL,
	"order_id" bigint,
	"order_item_id" bigint,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'ACTIVE' NOT NULL,
	"progress_pct" smallint DEFAULT 0 NOT NULL,
	"last_learn_at" timestamp with time zone,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"reminded_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "course_user_source_chk" CHECK ("course_user"."source" IN ('ORDER','GIFT','MANUAL')),
	CONSTRAINT "course_user_status_chk" CHECK ("course_user"."status" IN ('ACTIVE','EXPIRED','REVOKED'))
);
--> statement-breakpoint
CREATE TABLE "live_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" bigint NOT NULL,
	"member_user_id" bigint NOT NULL,
	"first_join_at" timestamp with time zone,
	"last_leave_at" timestamp with time zone,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"replay_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_callback_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_callback_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(16) NOT NULL,
	"event_key" varchar(200) NOT NULL,
	"event_type" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_provider_config" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_provider_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(16) DEFAULT 'sandbox' NOT NULL,
	"sdk_app_id" varchar(32) DEFAULT '' NOT NULL,
	"secret_id" varchar(128) DEFAULT '' NOT NULL,
	"secret_key_sealed" text,
	"callback_key_sealed" text,
	"endpoint" varchar(200) DEFAULT '' NOT NULL,
	"enter_host" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "live_session" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" varchar(64) NOT NULL,
	"class_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"spu_id" bigint,
	"teacher_id" bigint,
	"provider" varchar(16) NOT NULL,
	"room_id" varchar(64),
	"watch_url" varchar(1024) DEFAULT '' NOT NULL,
	"scheduled_start" timestamp with time zone NOT NULL,
	"scheduled_end" timestamp with time zone NOT NULL,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone,
	"status" varchar(16) DEFAULT 'SCHEDULED' NOT NULL,
	"replay_status" varchar(16) DEFAULT 'NONE' NOT NULL,
	"replay_url" varchar(1024) DEFAULT '' NOT NULL,
	"attendee_count" integer DEFAULT 0 NOT NULL,
	"peak_online" integer DEFAULT 0 NOT NULL,
	"avg_watch_minutes" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "live_session_status_chk" CHECK ("live_session"."status" IN ('SCHEDULED','LIVE','ENDED','CANCELLED')),
	CONSTRAINT "live_session_replay_chk" CHECK ("live_session"."replay_status" IN ('NONE','GENERATING','READY'))
);
--> statement-breakpoint
CREATE TABLE "live_user_map" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_user_map_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(16) NOT NULL,
	"provider_user_id" varchar(64) NOT NULL,
	"origin_id" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"avatar_url" varchar(512) DEFAULT '' NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"mobile_last4" varchar(4) GENERATED ALWAYS AS (right(mobile, 4)) STORED,
	"unionid" varchar(64),
	"openids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"register_platform_id" bigint,
	"register_channel_id" bigint,
	"grade_id" bigint,
	"gender" varchar(8) DEFAULT 'UNKNOWN' NOT NULL,
	"region" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"source" varchar(16) DEFAULT 'ADMIN' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"client_id" bigint,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "member_user_status_chk" CHECK ("member_user"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
ALTER TABLE "product_sku" ADD COLUMN "validity_mode" varchar(8);--> statement-breakpoint
ALTER TABLE "product_sku" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "product_sku" ADD COLUMN "validity_date" date;--> statement-breakpoint
CREATE UNIQUE INDEX "class_student_normal_uq" ON "class_student" USING btree ("class_id","member_user_id") WHERE status = 'NORMAL';--> statement-breakpoint
CREATE UNIQUE INDEX "class_student_order_item_uq" ON "class_student" USING btree ("order_item_id") WHERE join_type = 'ORDER';--> statement-breakpoint
CREATE INDEX "class_student_class_idx" ON "class_student" USING btree ("class_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "class_student_member_idx" ON "class_student" USING btree ("member_user_id");--> statement-breakpoint
CREATE INDEX "class_student_client_idx" ON "class_student" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "class_student_order_idx" ON "class_student" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "class_student_deadline_idx" ON "class_student" USING btree ("deadline") WHERE status = 'NORMAL' AND deadline IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_class_code_uq" ON "course_class" USING btree ("code");--> statement-breakpoint
CREATE INDEX "course_class_status_idx" ON "course_class" USING btree ("status","start_date","id");--> statement-breakpoint
CREATE INDEX "course_class_spu_idx" ON "course_class" USING btree ("spu_id");--> statement-breakpoint
CREATE INDEX "course_class_name_trgm_idx" ON "course_class" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "course_user_order_item_uq" ON "course_user" USING btree ("order_item_id") WHERE source = 'ORDER';--> statement-breakpoint
CREATE INDEX "course_user_spu_expires_idx" ON "course_user" USING btree ("spu_id","expires_at","id");--> statement-breakpoint
CREATE INDEX "course_user_spu_granted_idx" ON "course_user" USING btree ("spu_id","granted_at","id");--> statement-breakpoint
CREATE INDEX "course_user_member_idx" ON "course_user" USING btree ("member_user_id");--> statement-breakpoint
CREATE INDEX "course_user_order_idx" ON "course_user" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "course_user_created_idx" ON "course_user" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "course_user_active_expiry_idx" ON "course_user" USING btree ("expires_at") WHERE status = 'ACTIVE' AND expires_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "live_attendance_uq" ON "live_attendance" USING btree ("session_id","member_user_id");--> statement-breakpoint
CREATE INDEX "live_attendance_member_idx" ON "live_attendance" USING btree ("member_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_callback_event_uq" ON "live_callback_event" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "live_session_start_idx" ON "live_session" USING btree ("scheduled_start","id");--> statement-breakpoint
CREATE INDEX "live_session_classes_idx" ON "live_session" USING gin ("class_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "live_session_room_uq" ON "live_session" USING btree ("provider","room_id") WHERE room_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "live_user_map_uq" ON "live_user_map" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_mobile_uq" ON "member_user" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_unionid_uq" ON "member_user" USING btree ("unionid") WHERE unionid IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "member_user_client_uq" ON "member_user" USING btree ("client_id") WHERE client_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_user_last4_idx" ON "member_user" USING btree ("mobile_last4","id");--> statement-breakpoint
CREATE INDEX "member_user_registered_idx" ON "member_user" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "member_user_nickname_trgm_idx" ON "member_user" USING gin ("nickname" gin_trgm_ops);