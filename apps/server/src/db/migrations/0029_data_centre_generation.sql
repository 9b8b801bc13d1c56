CREATE TABLE "stat_generation" (
	"name" text PRIMARY KEY NOT NULL,
	"gen" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The aggregates' generation (modules/data-centre/cache.ts): every statement that writes an
-- aggregate or roll-up table bumps its group's counter in the same transaction (the nightly job,
-- recomputes, rebuilds, the later-row patches, tools and tests writing in SQL alike), so a reader
-- that sees the same counters sees the same past-day figures. Two rows, so the sales and product
-- writers, which run side by side on two connections, never wait for each other.
INSERT INTO stat_generation (name, gen) VALUES ('sales', 0), ('product', 0);--> statement-breakpoint
CREATE FUNCTION stat_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stat_generation SET gen = gen + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER stat_sales_daily_gen AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stat_sales_daily
  FOR EACH STATEMENT EXECUTE FUNCTION stat_generation_bump('sales');--> statement-breakpoint
CREATE TRIGGER stat_sales_rollup_gen AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stat_sales_rollup
  FOR EACH STATEMENT EXECUTE FUNCTION stat_generation_bump('sales');--> statement-breakpoint
CREATE TRIGGER stat_product_daily_gen AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stat_product_daily
  FOR EACH STATEMENT EXECUTE FUNCTION stat_generation_bump('product');--> statement-breakpoint
CREATE TRIGGER stat_product_rollup_gen AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stat_product_rollup
  FOR EACH STATEMENT EXECUTE FUNCTION stat_generation_bump('product');
