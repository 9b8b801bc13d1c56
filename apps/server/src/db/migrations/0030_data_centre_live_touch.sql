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
-- (`-infinity`: any event). Writers only append: no row they wait on.
CREATE FUNCTION stat_live_touch_add(at timestamptz, forward boolean) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_live_touch (xid, at, forward) SELECT pg_current_xact_id()::text::bigint, at, forward WHERE at IS NOT NULL
$$;--> statement-breakpoint
-- Tables whose rows are events at their own time (TG_ARGV[0], the event-time column): the hours of
-- the rows written, before and after.
CREATE FUNCTION stat_live_touch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc(''hour'', %I) AS h FROM n WHERE %I IS NOT NULL) x', TG_ARGV[0], TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT stat_live_touch_add(h, false) FROM (SELECT DISTINCT date_trunc(''hour'', %I) AS h FROM o WHERE %I IS NOT NULL) x', TG_ARGV[0], TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stat_live_touch_all() RETURNS void LANGUAGE sql AS $$
  SELECT stat_live_touch_add('-infinity', true)
$$;--> statement-breakpoint
-- A client's creation time is also the start of its deal cycle (M24) on its first paid order.
CREATE FUNCTION stat_live_touch_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM o JOIN n ON n.id = o.id WHERE n.created_at IS DISTINCT FROM o.created_at) THEN
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
  ELSE
    IF EXISTS (SELECT 1 FROM o JOIN n ON n.id = o.id
               WHERE (n.sales_user_id, n.sales_dept_id, n.channel_id, n.source_platform_id)
                     IS DISTINCT FROM (o.sales_user_id, o.sales_dept_id, o.channel_id, o.source_platform_id)) THEN
      PERFORM stat_live_touch_all();
    ELSE
      PERFORM stat_live_touch_add((SELECT min(least(o.pay_time, n.pay_time)) FROM o JOIN n ON n.id = o.id
        WHERE (n.pay_time, n.pay_amount, n.client_id) IS DISTINCT FROM (o.pay_time, o.pay_amount, o.client_id)), true);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Order lines are events at their order's payment; a changed or removed line also moves the
-- refund lines split over it (any time).
CREATE FUNCTION stat_live_touch_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_live_touch_add(h, false)
      FROM (SELECT DISTINCT date_trunc('hour', so.pay_time) AS h FROM n JOIN sales_order so ON so.id = n.order_id WHERE so.pay_time IS NOT NULL) x;
  ELSE
    PERFORM stat_live_touch_all();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A user's department keys every fact of theirs.
CREATE FUNCTION stat_live_touch_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Separate IFs: a branch naming a transition table the event has not must not be planned.
  IF TG_OP = 'DELETE' THEN
    PERFORM stat_live_touch_all();
  ELSIF EXISTS (SELECT 1 FROM o JOIN n ON n.id = o.id WHERE n.department_id IS DISTINCT FROM o.department_id) THEN
    PERFORM stat_live_touch_all();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A relation keys its own addition and the callback events that name it (any time).
CREATE FUNCTION stat_live_touch_relation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    PERFORM stat_live_touch_all();
  ELSIF EXISTS (SELECT 1 FROM o JOIN n ON n.id = o.id
      WHERE (n.corp_id, n.external_userid, n.userid, n.staff_user_id) IS DISTINCT FROM (o.corp_id, o.external_userid, o.userid, o.staff_user_id)) THEN
    PERFORM stat_live_touch_all();
  ELSE
    PERFORM stat_live_touch_add(h, false) FROM (
      SELECT date_trunc('hour', add_time) AS h FROM n WHERE add_time IS NOT NULL
      UNION SELECT date_trunc('hour', add_time) FROM o WHERE add_time IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follow_up_live_insert AFTER INSERT ON follow_up REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER follow_up_live_update AFTER UPDATE ON follow_up REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER follow_up_live_delete AFTER DELETE ON follow_up REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER call_record_live_insert AFTER INSERT ON call_record REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at');--> statement-breakpoint
CREATE TRIGGER call_record_live_update AFTER UPDATE ON call_record REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at');--> statement-breakpoint
CREATE TRIGGER call_record_live_delete AFTER DELETE ON call_record REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('started_at');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_insert AFTER INSERT ON client_owner_log REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_update AFTER UPDATE ON client_owner_log REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER client_owner_log_live_delete AFTER DELETE ON client_owner_log REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_insert AFTER INSERT ON wecom_callback_event REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_update AFTER UPDATE ON wecom_callback_event REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at');--> statement-breakpoint
CREATE TRIGGER wecom_callback_event_live_delete AFTER DELETE ON wecom_callback_event REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('received_at');--> statement-breakpoint
CREATE TRIGGER refund_live_insert AFTER INSERT ON refund REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at');--> statement-breakpoint
CREATE TRIGGER refund_live_update AFTER UPDATE ON refund REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at');--> statement-breakpoint
CREATE TRIGGER refund_live_delete AFTER DELETE ON refund REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('refunded_at');--> statement-breakpoint
CREATE TRIGGER client_live_insert AFTER INSERT ON client REFERENCING NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER client_live_update AFTER UPDATE ON client REFERENCING OLD TABLE AS o NEW TABLE AS n
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
CREATE TRIGGER client_live_delete AFTER DELETE ON client REFERENCING OLD TABLE AS o
  FOR EACH STATEMENT EXECUTE FUNCTION stat_live_touch_rows('created_at');--> statement-breakpoint
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
