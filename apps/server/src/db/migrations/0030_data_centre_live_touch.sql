CREATE TABLE "stat_live_touch" (
	"xid" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"forward" boolean NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stat_live_touch_xid_idx" ON "stat_live_touch" USING btree ("xid");--> statement-breakpoint
-- Touches of the live days' events (modules/data-centre/live-slices.ts): every statement that may
-- change a fact's events (modules/data-centre/facts.ts) appends what it touched, with its
-- transaction id, so a reader holding today's rows per hour under an older snapshot re-reads only
-- the hours touched since. A row per distinct hour; `forward`: that time and everything after it
-- (`-infinity`: any event). Writers only append: no row they wait on. Old and new rows are
-- compared with EXCEPT over the columns the facts read (set operations: a bulk update of many rows
-- costs a sort or a hash, never a join of two transition tables, which have no statistics).
CREATE FUNCTION stat_live_touch_add(at timestamptz, forward boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_live_touch (xid, at, forward) SELECT pg_current_xact_id()::text::bigint, at, forward WHERE at IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION stat_live_touch_all() RETURNS void LANGUAGE sql AS $$
  SELECT stat_live_touch_add('-infinity', true)
$$;--> statement-breakpoint
-- Tables whose rows are events at their own time: TG_ARGV[0] the event-time column, TG_ARGV[1]
-- the columns the facts read (with the id). The hours of the rows inserted, deleted, or updated
-- in one of those columns (before and after).
CREATE FUNCTION stat_live_touch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text := quote_ident(TG_ARGV[0]);
  cols text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc(''hour'', %s) AS h FROM n WHERE %s IS NOT NULL) x', t, t);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc(''hour'', %s) AS h FROM o WHERE %s IS NOT NULL) x', t, t);
  ELSE
    EXECUTE format('SELECT stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc(''hour'', %1$s) AS h FROM (
        (SELECT %2$s FROM n EXCEPT SELECT %2$s FROM o) UNION ALL (SELECT %2$s FROM o EXCEPT SELECT %2$s FROM n)) c
      WHERE %1$s IS NOT NULL) x', t, cols);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A client's creation time is also the start of its deal cycle (M24) on its first paid order.
CREATE FUNCTION stat_live_touch_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT id, created_at FROM n EXCEPT SELECT id, created_at FROM o) THEN
    PERFORM stat_live_touch_all();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Orders: a payment moves which later order is a client's first (M17, M24, P07): from the payment
-- on; a changed attribution moves its refunds too (any time).
CREATE FUNCTION stat_live_touch_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_live_touch_add((SELECT min(pay_time) FROM n), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stat_live_touch_add((SELECT min(pay_time) FROM o), true);
  ELSIF EXISTS (SELECT id, sales_user_id, sales_dept_id, channel_id, source_platform_id FROM n
                EXCEPT SELECT id, sales_user_id, sales_dept_id, channel_id, source_platform_id FROM o) THEN
    PERFORM stat_live_touch_all();
  ELSE
    PERFORM stat_live_touch_add((SELECT min(pay_time) FROM (
        (SELECT id, pay_time, pay_amount, client_id FROM n EXCEPT SELECT id, pay_time, pay_amount, client_id FROM o)
        UNION ALL (SELECT id, pay_time, pay_amount, client_id FROM o EXCEPT SELECT id, pay_time, pay_amount, client_id FROM n)) c), true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Order lines are events at their order's payment; a changed or removed line also moves the
-- refund lines split over it (any time). An update that changes no column the facts read is none.
CREATE FUNCTION stat_live_touch_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_live_touch_add(h, false)
      FROM (SELECT DISTINCT date_trunc('hour', so.pay_time) AS h FROM (SELECT DISTINCT order_id FROM n) i
            JOIN sales_order so ON so.id = i.order_id WHERE so.pay_time IS NOT NULL) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stat_live_touch_all();
  ELSIF EXISTS (SELECT id, order_id, spu_id, sku_id, unit_price, qty, pay_amount FROM n
                EXCEPT SELECT id, order_id, spu_id, sku_id, unit_price, qty, pay_amount FROM o) THEN
    PERFORM stat_live_touch_all();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A user's department keys every fact of theirs.
CREATE FUNCTION stat_live_touch_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM stat_live_touch_all();
  ELSIF EXISTS (SELECT id, department_id FROM n EXCEPT SELECT id, department_id FROM o) THEN
    PERFORM stat_live_touch_all();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A relation keys its own addition and the callback events that name it (any time).
CREATE FUNCTION stat_live_touch_relation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    PERFORM stat_live_touch_all();
  ELSIF EXISTS (SELECT id, corp_id, external_userid, userid, staff_user_id FROM n
                EXCEPT SELECT id, corp_id, external_userid, userid, staff_user_id FROM o) THEN
    PERFORM stat_live_touch_all();
  ELSE
    PERFORM stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc('hour', add_time) AS h FROM (
        (SELECT id, add_time FROM n EXCEPT SELECT id, add_time FROM o) UNION ALL (SELECT id, add_time FROM o EXCEPT SELECT id, add_time FROM n)) c
      WHERE add_time IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER follow_up_live_insert AFTER INSERT ON follow_up REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, created_by, creator_dept_id, client_id, deleted');--> statement-breakpoint
CREATE TRIGGER follow_up_live_update AFTER UPDATE ON follow_up REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, created_by, creator_dept_id, client_id, deleted');--> statement-breakpoint
CREATE TRIGGER follow_up_live_delete AFTER DELETE ON follow_up REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, created_by, creator_dept_id, client_id, deleted');--> statement-breakpoint
CREATE TRIGGER call_record_live_insert AFTER INSERT ON call_record REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at', 'id, started_at, user_id, dept_id, direction, answered_at, talk_seconds');--> statement-breakpoint
CREATE TRIGGER call_record_live_update AFTER UPDATE ON call_record REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at', 'id, started_at, user_id, dept_id, direction, answered_at, talk_seconds');--> statement-breakpoint
CREATE TRIGGER call_record_live_delete AFTER DELETE ON call_record REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at', 'id, started_at, user_id, dept_id, direction, answered_at, talk_seconds');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_insert AFTER INSERT ON client_owner_log REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, type, from_user_id, to_user_id, client_id');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_update AFTER UPDATE ON client_owner_log REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, type, from_user_id, to_user_id, client_id');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_delete AFTER DELETE ON client_owner_log REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, type, from_user_id, to_user_id, client_id');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_insert AFTER INSERT ON wecom_callback_event REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at', 'id, received_at, event, change_type, status, corp_id, payload');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_update AFTER UPDATE ON wecom_callback_event REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at', 'id, received_at, event, change_type, status, corp_id, payload');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_delete AFTER DELETE ON wecom_callback_event REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at', 'id, received_at, event, change_type, status, corp_id, payload');--> statement-breakpoint
CREATE TRIGGER refund_live_insert AFTER INSERT ON refund REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at', 'id, refunded_at, status, amount, items, order_id');--> statement-breakpoint
CREATE TRIGGER refund_live_update AFTER UPDATE ON refund REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at', 'id, refunded_at, status, amount, items, order_id');--> statement-breakpoint
CREATE TRIGGER refund_live_delete AFTER DELETE ON refund REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at', 'id, refunded_at, status, amount, items, order_id');--> statement-breakpoint
CREATE TRIGGER client_live_insert AFTER INSERT ON client REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, deleted, first_owner_user_id, channel_id, source_platform_id');--> statement-breakpoint
CREATE TRIGGER client_live_update AFTER UPDATE ON client REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, deleted, first_owner_user_id, channel_id, source_platform_id');--> statement-breakpoint
CREATE TRIGGER client_live_delete AFTER DELETE ON client REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at', 'id, created_at, deleted, first_owner_user_id, channel_id, source_platform_id');--> statement-breakpoint
CREATE TRIGGER client_live_created AFTER UPDATE ON client REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_client();--> statement-breakpoint
CREATE TRIGGER sales_order_live_insert AFTER INSERT ON sales_order REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_order();--> statement-breakpoint
CREATE TRIGGER sales_order_live_update AFTER UPDATE ON sales_order REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_order();--> statement-breakpoint
CREATE TRIGGER sales_order_live_delete AFTER DELETE ON sales_order REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_order();--> statement-breakpoint
CREATE TRIGGER order_item_live_insert AFTER INSERT ON order_item REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_item();--> statement-breakpoint
CREATE TRIGGER order_item_live_update AFTER UPDATE ON order_item REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_item();--> statement-breakpoint
CREATE TRIGGER order_item_live_delete AFTER DELETE ON order_item REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_item();--> statement-breakpoint
CREATE TRIGGER admin_user_live_update AFTER UPDATE ON admin_user REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_user();--> statement-breakpoint
CREATE TRIGGER admin_user_live_delete AFTER DELETE ON admin_user REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_user();--> statement-breakpoint
CREATE TRIGGER wecom_relation_live_insert AFTER INSERT ON wecom_relation REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_relation();--> statement-breakpoint
CREATE TRIGGER wecom_relation_live_update AFTER UPDATE ON wecom_relation REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_relation();--> statement-breakpoint
CREATE TRIGGER wecom_relation_live_delete AFTER DELETE ON wecom_relation REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_relation();
