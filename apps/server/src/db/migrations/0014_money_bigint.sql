ALTER TABLE "order_item" ALTER COLUMN "unit_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_item" ALTER COLUMN "discount_share" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_item" ALTER COLUMN "pay_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_item" ALTER COLUMN "refund_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "refund" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sales_order" ALTER COLUMN "total_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sales_order" ALTER COLUMN "discount_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sales_order" ALTER COLUMN "adjust_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sales_order" ALTER COLUMN "pay_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sales_order" ALTER COLUMN "refund_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_sku" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_sku" ALTER COLUMN "market_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_sku" ALTER COLUMN "cost_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_spu" ALTER COLUMN "price_min" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_spu" ALTER COLUMN "price_max" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "product_spu" ALTER COLUMN "market_price" SET DATA TYPE bigint;