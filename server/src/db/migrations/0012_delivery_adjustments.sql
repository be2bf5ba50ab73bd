CREATE TABLE "sale_apply_modify" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"branch_id" uuid NOT NULL,
	"modify_types" varchar(32) NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"requester_name" varchar(64),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_apply_modify_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apply_id" uuid NOT NULL,
	"type" varchar(8) NOT NULL,
	"order_line_id" uuid,
	"product_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"price" numeric(16, 4) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_no" varchar(32) NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"depot_id" uuid NOT NULL,
	"ship_date" date NOT NULL,
	"stock_doc_id" uuid NOT NULL,
	"stock_doc_no" varchar(32) NOT NULL,
	"remark" text,
	"creator_name" varchar(64),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_delivery_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"batches" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_apply_modify" ADD CONSTRAINT "sale_apply_modify_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_apply_modify" ADD CONSTRAINT "sale_apply_modify_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_apply_modify_line" ADD CONSTRAINT "sale_apply_modify_line_apply_id_sale_apply_modify_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."sale_apply_modify"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_apply_modify_line" ADD CONSTRAINT "sale_apply_modify_line_order_line_id_sale_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sale_order_line"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_apply_modify_line" ADD CONSTRAINT "sale_apply_modify_line_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_apply_modify_line" ADD CONSTRAINT "sale_apply_modify_line_unit_id_pro_product_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."pro_product_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery" ADD CONSTRAINT "sale_delivery_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery" ADD CONSTRAINT "sale_delivery_depot_id_md_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."md_depot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery" ADD CONSTRAINT "sale_delivery_stock_doc_id_pro_stock_doc_id_fk" FOREIGN KEY ("stock_doc_id") REFERENCES "public"."pro_stock_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery_line" ADD CONSTRAINT "sale_delivery_line_delivery_id_sale_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sale_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery_line" ADD CONSTRAINT "sale_delivery_line_order_line_id_sale_order_line_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."sale_order_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_delivery_line" ADD CONSTRAINT "sale_delivery_line_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_apply_modify_order_idx" ON "sale_apply_modify" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_apply_modify_open_uq" ON "sale_apply_modify" USING btree ("order_id") WHERE "sale_apply_modify"."status" in ('0', '1');--> statement-breakpoint
CREATE INDEX "sale_apply_modify_line_apply_idx" ON "sale_apply_modify_line" USING btree ("apply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_delivery_no_uq" ON "sale_delivery" USING btree ("delivery_no");--> statement-breakpoint
CREATE INDEX "sale_delivery_order_idx" ON "sale_delivery" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_delivery_line_delivery_idx" ON "sale_delivery_line" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "sale_delivery_line_order_line_idx" ON "sale_delivery_line" USING btree ("order_line_id");