CREATE TABLE "order_attribution_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_attribution_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"from_user_id" bigint,
	"to_user_id" bigint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"operator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"spu_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"spu_name" varchar(64) NOT NULL,
	"sku_spec" varchar(200) DEFAULT '' NOT NULL,
	"unit_price" integer NOT NULL,
	"qty" integer NOT NULL,
	"discount_share" integer DEFAULT 0 NOT NULL,
	"pay_amount" integer NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"class_id" bigint,
	CONSTRAINT "order_item_amounts_chk" CHECK ("order_item"."qty" > 0 AND "order_item"."pay_amount" >= 0 AND "order_item"."refund_amount" >= 0 AND "order_item"."refund_amount" <= "order_item"."pay_amount")
);
--> statement-breakpoint
CREATE TABLE "refund" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"refund_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" varchar(16) DEFAULT 'APPLIED' NOT NULL,
	"applied_by" bigint,
	"audited_by" bigint,
	"audit_remark" varchar(200) DEFAULT '' NOT NULL,
	"refunded_at" timestamp with time zone,
	"channel_refund_no" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "refund_amount_chk" CHECK ("refund"."amount" > 0),
	CONSTRAINT "refund_status_chk" CHECK ("refund"."status" IN ('APPLIED','APPROVED','SUCCESS','REJECTED','CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "sales_order" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" varchar(32) NOT NULL,
	"source_platform_id" bigint,
	"external_order_no" varchar(64),
	"channel_id" bigint,
	"client_id" bigint NOT NULL,
	"member_user_id" bigint,
	"buyer_name" varchar(64) DEFAULT '' NOT NULL,
	"buyer_mobile" varchar(20) DEFAULT '' NOT NULL,
	"grade_id" bigint,
	"total_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"adjust_amount" integer DEFAULT 0 NOT NULL,
	"pay_amount" integer NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"refund_status" varchar(16) DEFAULT 'NONE' NOT NULL,
	"cancel_type" varchar(16),
	"pay_method" varchar(16),
	"pay_time" timestamp with time zone,
	"pay_trade_no" varchar(64) DEFAULT '' NOT NULL,
	"voucher_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"confirmed_by" bigint,
	"sales_user_id" bigint,
	"sales_dept_id" bigint,
	"created_type" varchar(8) DEFAULT 'MANUAL' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"buyer_remark" varchar(500) DEFAULT '' NOT NULL,
	"idempotency_key" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "sales_order_amounts_chk" CHECK ("sales_order"."total_amount" >= 0 AND "sales_order"."discount_amount" >= 0 AND "sales_order"."pay_amount" >= 0
      AND "sales_order"."pay_amount" = "sales_order"."total_amount" - "sales_order"."discount_amount" + "sales_order"."adjust_amount"),
	CONSTRAINT "sales_order_refund_chk" CHECK ("sales_order"."refund_amount" >= 0 AND "sales_order"."refund_amount" <= "sales_order"."pay_amount"),
	CONSTRAINT "sales_order_status_chk" CHECK ("sales_order"."status" IN ('PENDING','PAID','COMPLETED','CANCELLED','CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "product_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" varchar(32) NOT NULL,
	"icon" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "product_sku" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_sku_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"spu_id" bigint NOT NULL,
	"sku_code" varchar(40) NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"market_price" integer DEFAULT 0 NOT NULL,
	"cost_price" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"status" varchar(16) DEFAULT 'ENABLED' NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"class_id" bigint,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "product_sku_price_chk" CHECK ("product_sku"."price" >= 0 AND "product_sku"."market_price" >= 0 AND "product_sku"."cost_price" >= 0),
	CONSTRAINT "product_sku_stock_chk" CHECK ("product_sku"."stock" IS NULL OR "product_sku"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_spu" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_spu_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"category_id" bigint NOT NULL,
	"product_type" varchar(16) NOT NULL,
	"grade_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"subject" varchar(32) DEFAULT '' NOT NULL,
	"cover_url" varchar(512) DEFAULT '' NOT NULL,
	"slider_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"intro" varchar(500) DEFAULT '' NOT NULL,
	"detail_html" text DEFAULT '' NOT NULL,
	"spec_type" varchar(8) DEFAULT 'SINGLE' NOT NULL,
	"status" varchar(8) DEFAULT 'DRAFT' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"price_min" integer DEFAULT 0 NOT NULL,
	"price_max" integer DEFAULT 0 NOT NULL,
	"market_price" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"virtual_sales" integer DEFAULT 0 NOT NULL,
	"validity_mode" varchar(8) DEFAULT 'FOREVER' NOT NULL,
	"validity_days" integer,
	"validity_date" date,
	"refund_days" integer DEFAULT 7 NOT NULL,
	"class_id" bigint,
	"platform_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "product_spu_status_chk" CHECK ("product_spu"."status" IN ('DRAFT','ON','OFF','RECYCLE')),
	CONSTRAINT "product_spu_type_chk" CHECK ("product_spu"."product_type" IN ('RECORDED','LIVE','CAMP','MATERIAL','MEMBERSHIP'))
);
--> statement-breakpoint
ALTER TABLE "order_attribution_log" ADD CONSTRAINT "order_attribution_log_order_id_sales_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_sales_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_spu_id_product_spu_id_fk" FOREIGN KEY ("spu_id") REFERENCES "public"."product_spu"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_sku_id_product_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."product_sku"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_sales_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sku" ADD CONSTRAINT "product_sku_spu_id_product_spu_id_fk" FOREIGN KEY ("spu_id") REFERENCES "public"."product_spu"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_spu" ADD CONSTRAINT "product_spu_category_id_product_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attribution_order_idx" ON "order_attribution_log" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_item_spu_idx" ON "order_item" USING btree ("spu_id");--> statement-breakpoint
CREATE INDEX "order_item_sku_idx" ON "order_item" USING btree ("sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_no_uq" ON "refund" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "refund_order_idx" ON "refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_refunded_idx" ON "refund" USING btree ("refunded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_no_uq" ON "sales_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_external_uq" ON "sales_order" USING btree ("source_platform_id","external_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_idempotency_uq" ON "sales_order" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "sales_order_created_idx" ON "sales_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_order_pay_time_idx" ON "sales_order" USING btree ("pay_time","id");--> statement-breakpoint
CREATE INDEX "sales_order_status_idx" ON "sales_order" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sales_order_sales_idx" ON "sales_order" USING btree ("sales_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_order_client_idx" ON "sales_order" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sales_order_mobile_idx" ON "sales_order" USING btree ("buyer_mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "product_category_sibling_name_uq" ON "product_category" USING btree (coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "product_category_parent_idx" ON "product_category" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sku_code_uq" ON "product_sku" USING btree ("sku_code");--> statement-breakpoint
CREATE INDEX "product_sku_spu_idx" ON "product_sku" USING btree ("spu_id");--> statement-breakpoint
CREATE INDEX "product_spu_status_idx" ON "product_spu" USING btree ("status","sort","id");--> statement-breakpoint
CREATE INDEX "product_spu_category_idx" ON "product_spu" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_spu_name_trgm_idx" ON "product_spu" USING gin ("name" gin_trgm_ops);