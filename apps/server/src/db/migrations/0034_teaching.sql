CREATE TABLE "hour_balance" (
	"member_user_id" bigint NOT NULL,
	"spu_id" bigint NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"consumed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_balance_member_user_id_spu_id_pk" PRIMARY KEY("member_user_id","spu_id")
);
--> statement-breakpoint
CREATE TABLE "hour_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hour_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_user_id" bigint NOT NULL,
	"spu_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"delta" integer NOT NULL,
	"balance_before" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"order_id" bigint,
	"order_item_id" bigint,
	"lesson_id" bigint,
	"roll_call_id" bigint,
	"charge_no" integer,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"actor_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_ledger_kind_chk" CHECK ("hour_ledger"."kind" IN ('ORDER','GIFT','MANUAL','ROLLCALL','REVERSAL','REFUND')),
	CONSTRAINT "hour_ledger_sum_chk" CHECK ("hour_ledger"."balance_after" = "hour_ledger"."balance_before" + "hour_ledger"."delta")
);
--> statement-breakpoint
CREATE TABLE "lesson" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"class_id" bigint NOT NULL,
	"lesson_date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"teacher_id" bigint,
	"assistant_id" bigint,
	"room_id" bigint,
	"online" boolean DEFAULT false NOT NULL,
	"hours" integer DEFAULT 1 NOT NULL,
	"topic" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'SCHEDULED' NOT NULL,
	"series_id" varchar(36),
	"cancel_reason" varchar(200) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "lesson_status_chk" CHECK ("lesson"."status" IN ('SCHEDULED','COMPLETED','CANCELLED')),
	CONSTRAINT "lesson_time_chk" CHECK ("lesson"."ends_at" > "lesson"."starts_at"),
	CONSTRAINT "lesson_hours_chk" CHECK ("lesson"."hours" BETWEEN 0 AND 20)
);
--> statement-breakpoint
CREATE TABLE "roll_call" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roll_call_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lesson_id" bigint NOT NULL,
	"member_user_id" bigint NOT NULL,
	"class_student_id" bigint,
	"status" varchar(16) NOT NULL,
	"debited" integer DEFAULT 0 NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"marked_by" bigint,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "roll_call_status_chk" CHECK ("roll_call"."status" IN ('PRESENT','LATE','LEAVE','ABSENT'))
);
--> statement-breakpoint
CREATE TABLE "teaching_class_setting" (
	"class_id" bigint PRIMARY KEY NOT NULL,
	"absent_deducts" boolean DEFAULT false NOT NULL,
	"allow_owing" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "teaching_room" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_room_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(32) NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "teaching_room_status_chk" CHECK ("teaching_room"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
ALTER TABLE "product_sku" ADD COLUMN "lesson_hours" integer;--> statement-breakpoint
CREATE INDEX "hour_ledger_member_idx" ON "hour_ledger" USING btree ("member_user_id","spu_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_ledger_order_item_uq" ON "hour_ledger" USING btree ("order_item_id","kind") WHERE order_item_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hour_ledger_roll_call_uq" ON "hour_ledger" USING btree ("roll_call_id","charge_no","kind") WHERE roll_call_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lesson_class_idx" ON "lesson" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE INDEX "lesson_teacher_idx" ON "lesson" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "lesson_room_idx" ON "lesson" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "lesson_starts_idx" ON "lesson" USING btree ("starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roll_call_lesson_member_uq" ON "roll_call" USING btree ("lesson_id","member_user_id");--> statement-breakpoint
CREATE INDEX "roll_call_member_idx" ON "roll_call" USING btree ("member_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_room_name_uq" ON "teaching_room" USING btree ("name");--> statement-breakpoint
ALTER TABLE "product_sku" ADD CONSTRAINT "product_sku_lesson_hours_chk" CHECK ("product_sku"."lesson_hours" IS NULL OR "product_sku"."lesson_hours" > 0);--> statement-breakpoint
-- The timetable's codes for the built-in roles of an existing install (new installs seed them from
-- packages/contract/src/access.ts); admin always holds every code.
UPDATE "role" SET "permissions" = ARRAY(SELECT DISTINCT unnest("permissions" || ARRAY['course.timetable']::text[])) WHERE "builtin" = true AND "key" IN ('siyu','chakan');--> statement-breakpoint
UPDATE "role" SET "permissions" = ARRAY(SELECT DISTINCT unnest("permissions" || ARRAY['course.timetable','course.lesson.write','course.rollcall.write']::text[])) WHERE "builtin" = true AND "key" = 'zhongtai';
