CREATE TABLE "stat_dirty_date" (
	"stat_date" date PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_product_daily" (
	"stat_date" date NOT NULL,
	"spu_id" bigint DEFAULT 0 NOT NULL,
	"sku_id" bigint DEFAULT 0 NOT NULL,
	"platform_id" bigint DEFAULT 0 NOT NULL,
	"channel_id" bigint DEFAULT 0 NOT NULL,
	"paid_orders" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"paid_qty" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"refund_lines" bigint DEFAULT 0 NOT NULL,
	"buyers" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"new_buyers" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	CONSTRAINT "stat_product_daily_stat_date_spu_id_sku_id_platform_id_channel_id_pk" PRIMARY KEY("stat_date","spu_id","sku_id","platform_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "stat_sales_daily" (
	"stat_date" date NOT NULL,
	"user_id" bigint DEFAULT 0 NOT NULL,
	"dept_id" bigint DEFAULT 0 NOT NULL,
	"channel_id" bigint DEFAULT 0 NOT NULL,
	"platform_id" bigint DEFAULT 0 NOT NULL,
	"new_clients" bigint DEFAULT 0 NOT NULL,
	"assigned" bigint DEFAULT 0 NOT NULL,
	"follow_ups" bigint DEFAULT 0 NOT NULL,
	"followed_clients" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"calls_answered" bigint DEFAULT 0 NOT NULL,
	"talk_seconds" bigint DEFAULT 0 NOT NULL,
	"wecom_added" bigint DEFAULT 0 NOT NULL,
	"wecom_lost" bigint DEFAULT 0 NOT NULL,
	"wecom_deleted" bigint DEFAULT 0 NOT NULL,
	"paid_orders" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	"refund_orders" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"paying_clients" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"new_deal_clients" bigint DEFAULT 0 NOT NULL,
	"deal_cycle_seconds" bigint DEFAULT 0 NOT NULL,
	"pool_in" bigint DEFAULT 0 NOT NULL,
	"pool_claimed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_sales_daily_stat_date_user_id_dept_id_channel_id_platform_id_pk" PRIMARY KEY("stat_date","user_id","dept_id","channel_id","platform_id")
);
--> statement-breakpoint
CREATE INDEX "stat_product_daily_spu_idx" ON "stat_product_daily" USING btree ("spu_id","stat_date");--> statement-breakpoint
CREATE INDEX "stat_sales_daily_user_idx" ON "stat_sales_daily" USING btree ("user_id","stat_date");--> statement-breakpoint
-- The data centre reads owner changes and WeCom events by time (M02, M10, M23): hand-written, not in a drizzle schema.
CREATE INDEX IF NOT EXISTS "stat_client_owner_log_created_idx" ON "client_owner_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stat_wecom_callback_event_received_idx" ON "wecom_callback_event" USING btree ("received_at");
