-- The per-hour touches of the live days (migration 0030) go: the data centre keeps today's rows
-- for a short time and shows when they were read (modules/data-centre/cache.ts TodayRows), so no
-- write pays a trigger for it any more.
DROP TRIGGER IF EXISTS follow_up_live_insert ON follow_up;--> statement-breakpoint
DROP TRIGGER IF EXISTS follow_up_live_update ON follow_up;--> statement-breakpoint
DROP TRIGGER IF EXISTS follow_up_live_delete ON follow_up;--> statement-breakpoint
DROP TRIGGER IF EXISTS call_record_live_insert ON call_record;--> statement-breakpoint
DROP TRIGGER IF EXISTS call_record_live_update ON call_record;--> statement-breakpoint
DROP TRIGGER IF EXISTS call_record_live_delete ON call_record;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_owner_log_live_insert ON client_owner_log;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_owner_log_live_update ON client_owner_log;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_owner_log_live_delete ON client_owner_log;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_callback_event_live_insert ON wecom_callback_event;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_callback_event_live_update ON wecom_callback_event;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_callback_event_live_delete ON wecom_callback_event;--> statement-breakpoint
DROP TRIGGER IF EXISTS refund_live_insert ON refund;--> statement-breakpoint
DROP TRIGGER IF EXISTS refund_live_update ON refund;--> statement-breakpoint
DROP TRIGGER IF EXISTS refund_live_delete ON refund;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_live_insert ON client;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_live_update ON client;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_live_delete ON client;--> statement-breakpoint
DROP TRIGGER IF EXISTS client_live_created ON client;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_order_live_insert ON sales_order;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_order_live_update ON sales_order;--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_order_live_delete ON sales_order;--> statement-breakpoint
DROP TRIGGER IF EXISTS order_item_live_insert ON order_item;--> statement-breakpoint
DROP TRIGGER IF EXISTS order_item_live_update ON order_item;--> statement-breakpoint
DROP TRIGGER IF EXISTS order_item_live_delete ON order_item;--> statement-breakpoint
DROP TRIGGER IF EXISTS admin_user_live_update ON admin_user;--> statement-breakpoint
DROP TRIGGER IF EXISTS admin_user_live_delete ON admin_user;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_relation_live_insert ON wecom_relation;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_relation_live_update ON wecom_relation;--> statement-breakpoint
DROP TRIGGER IF EXISTS wecom_relation_live_delete ON wecom_relation;--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_rows();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_client();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_order();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_item();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_user();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_relation();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_all();--> statement-breakpoint
DROP FUNCTION IF EXISTS stat_live_touch_add(timestamptz, boolean);--> statement-breakpoint
DROP TABLE "stat_live_touch" CASCADE;
