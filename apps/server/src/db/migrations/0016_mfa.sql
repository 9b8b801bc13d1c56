ALTER TABLE "admin_user" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "mfa_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "mfa_last_step" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_user" ADD COLUMN "mfa_recovery" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "require_mfa" boolean DEFAULT false NOT NULL;