DROP INDEX "order_item_order_idx";--> statement-breakpoint
CREATE INDEX "sales_order_client_paid_idx" ON "sales_order" USING btree ("client_id","pay_time","id") WHERE pay_time IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id","id");