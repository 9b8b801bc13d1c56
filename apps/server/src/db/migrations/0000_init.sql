CREATE TABLE "admin_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(16) NOT NULL,
	"nickname" varchar(64) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"avatar_url" varchar(512) DEFAULT '' NOT NULL,
	"introduction" varchar(500) DEFAULT '' NOT NULL,
	"department_id" bigint,
	"mobile" varchar(20),
	"email" varchar(128),
	"lang" varchar(8),
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "admin_user_status_chk" CHECK ("admin_user"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "admin_user_role" (
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "admin_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"actor_name" varchar(64),
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32),
	"target_id" varchar(64),
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "department" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "department_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"ancestors" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"name" varchar(64) NOT NULL,
	"leader_user_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "department_status_chk" CHECK ("department"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job" varchar(64) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'RUNNING' NOT NULL,
	"counts" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"data_scope" varchar(24) DEFAULT 'SELF' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "role_data_scope_chk" CHECK ("role"."data_scope" IN ('ALL','DEPT_AND_CHILDREN','DEPT','SELF')),
	CONSTRAINT "role_status_chk" CHECK ("role"."status" IN ('ENABLED','DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_version" integer NOT NULL,
	"current_jti" varchar(36) NOT NULL,
	"current_iat" integer NOT NULL,
	"current_exp" integer NOT NULL,
	"prev_jti" varchar(36),
	"prev_valid_until" timestamp with time zone,
	"auth_time" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(32),
	"ip" varchar(64),
	"user_agent" varchar(256)
);
--> statement-breakpoint
ALTER TABLE "admin_user" ADD CONSTRAINT "admin_user_department_id_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."department"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_user_role" ADD CONSTRAINT "admin_user_role_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_user_role" ADD CONSTRAINT "admin_user_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_user_username_uq" ON "admin_user" USING btree ("username");--> statement-breakpoint
CREATE INDEX "admin_user_department_idx" ON "admin_user" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "admin_user_role_role_idx" ON "admin_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "department_parent_idx" ON "department" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "department_ancestors_idx" ON "department" USING gin ("ancestors");--> statement-breakpoint
CREATE INDEX "job_run_job_idx" ON "job_run" USING btree ("job","started_at");--> statement-breakpoint
CREATE INDEX "login_throttle_locked_idx" ON "login_throttle" USING btree ("locked_until");--> statement-breakpoint
CREATE UNIQUE INDEX "role_key_uq" ON "role" USING btree ("key");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id","revoked_at");