-- Order and refund numbers: a sequence each, safe across several server instances.
CREATE SEQUENCE IF NOT EXISTS sales_order_no_seq;
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS refund_no_seq;
--> statement-breakpoint
-- Orders reference clients (created before this migration).
ALTER TABLE sales_order ADD CONSTRAINT sales_order_client_fk FOREIGN KEY (client_id) REFERENCES client(id);
--> statement-breakpoint
-- Session cache coherence: any change that can alter an authentication outcome notifies every
-- server instance (LISTEN educrm_auth), which drops its cached sessions. Statement-level, so a
-- bulk change notifies once; delivered at commit.
CREATE OR REPLACE FUNCTION educrm_auth_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('educrm_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_auth_notify AFTER UPDATE OR DELETE ON session FOR EACH STATEMENT EXECUTE FUNCTION educrm_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_user_auth_notify AFTER UPDATE OR DELETE ON admin_user FOR EACH STATEMENT EXECUTE FUNCTION educrm_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_user_role_auth_notify AFTER INSERT OR UPDATE OR DELETE ON admin_user_role FOR EACH STATEMENT EXECUTE FUNCTION educrm_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_auth_notify AFTER INSERT OR UPDATE OR DELETE ON role FOR EACH STATEMENT EXECUTE FUNCTION educrm_auth_changed();
