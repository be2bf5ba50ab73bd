CREATE TABLE "pro_branch_sale_rel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sale_price" numeric(16, 4),
	"currency" varchar(8),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"remark" varchar(255),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pro_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"parent_id" uuid,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"org_code" varchar(64),
	"name_pinyin" varchar(512),
	"name_initials" varchar(128),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pro_product_price" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"price_type" varchar(16) NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"currency" varchar(8) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"remark" varchar(255),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pro_product_price_non_negative" CHECK ("pro_product_price"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pro_product_unit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"use_case" varchar(16) NOT NULL,
	"unit" varchar(16) NOT NULL,
	"conversion_rate" numeric(14, 4) NOT NULL,
	"box_spec_id" uuid,
	"per_box" integer,
	"remark" varchar(255),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pro_product_unit_rate_positive" CHECK ("pro_product_unit"."conversion_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "pro_product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"spec_type" varchar(16) NOT NULL,
	"category_id" uuid NOT NULL,
	"source" varchar(16) NOT NULL,
	"product_type" varchar(16) NOT NULL,
	"dosage_form" varchar(16),
	"label_type" varchar(16),
	"supplier_id" uuid,
	"spec" varchar(128),
	"spec_en" varchar(128),
	"colour" varchar(32),
	"gross_weight_kg" numeric(12, 3),
	"net_weight_kg" numeric(12, 3),
	"volume_m_3" numeric(12, 6),
	"unit" varchar(16) NOT NULL,
	"barcode" varchar(32),
	"shelf_life_days" integer,
	"expiry_warning_days" integer,
	"origin_country_id" uuid,
	"model" varchar(64),
	"description" text,
	"u8_code" varchar(32),
	"images" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audit_status" varchar(1) DEFAULT '0' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"org_code" varchar(64),
	"name_pinyin" varchar(512),
	"name_initials" varchar(128),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pro_branch_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_no" varchar(64) DEFAULT '' NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"expiry_date" date,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pro_branch_stock_quantity_non_negative" CHECK ("pro_branch_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pro_stock_doc_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doc_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_no" varchar(64) NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"production_date" date,
	"expiry_date" date,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "pro_stock_doc" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doc_no" varchar(32) NOT NULL,
	"doc_type" varchar(16) NOT NULL,
	"depot_id" uuid NOT NULL,
	"doc_date" date NOT NULL,
	"supplier_id" uuid,
	"branch_id" uuid,
	"line_count" integer NOT NULL,
	"total_quantity" numeric(16, 3) NOT NULL,
	"remark" varchar(500),
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pro_stock_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doc_id" uuid NOT NULL,
	"doc_no" varchar(32) NOT NULL,
	"doc_type" varchar(16) NOT NULL,
	"depot_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_no" varchar(64) NOT NULL,
	"change" numeric(16, 3) NOT NULL,
	"quantity_after" numeric(16, 3) NOT NULL,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pro_stock_ledger_after_non_negative" CHECK ("pro_stock_ledger"."quantity_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pro_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"depot_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_no" varchar(64) NOT NULL,
	"quantity" numeric(16, 3) DEFAULT 0 NOT NULL,
	"production_date" date,
	"expiry_date" date,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "pro_stock_quantity_non_negative" CHECK ("pro_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pro_branch_sale_rel" ADD CONSTRAINT "pro_branch_sale_rel_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_branch_sale_rel" ADD CONSTRAINT "pro_branch_sale_rel_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product_price" ADD CONSTRAINT "pro_product_price_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product_unit" ADD CONSTRAINT "pro_product_unit_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product_unit" ADD CONSTRAINT "pro_product_unit_box_spec_id_md_box_spec_id_fk" FOREIGN KEY ("box_spec_id") REFERENCES "public"."md_box_spec"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product" ADD CONSTRAINT "pro_product_category_id_pro_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pro_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product" ADD CONSTRAINT "pro_product_supplier_id_md_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."md_supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_product" ADD CONSTRAINT "pro_product_origin_country_id_md_country_id_fk" FOREIGN KEY ("origin_country_id") REFERENCES "public"."md_country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_branch_stock" ADD CONSTRAINT "pro_branch_stock_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_branch_stock" ADD CONSTRAINT "pro_branch_stock_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_doc_line" ADD CONSTRAINT "pro_stock_doc_line_doc_id_pro_stock_doc_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."pro_stock_doc"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_doc_line" ADD CONSTRAINT "pro_stock_doc_line_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_doc" ADD CONSTRAINT "pro_stock_doc_depot_id_md_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."md_depot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_doc" ADD CONSTRAINT "pro_stock_doc_supplier_id_md_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."md_supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_doc" ADD CONSTRAINT "pro_stock_doc_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_ledger" ADD CONSTRAINT "pro_stock_ledger_doc_id_pro_stock_doc_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."pro_stock_doc"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_ledger" ADD CONSTRAINT "pro_stock_ledger_depot_id_md_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."md_depot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock_ledger" ADD CONSTRAINT "pro_stock_ledger_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock" ADD CONSTRAINT "pro_stock_depot_id_md_depot_id_fk" FOREIGN KEY ("depot_id") REFERENCES "public"."md_depot"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pro_stock" ADD CONSTRAINT "pro_stock_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pro_branch_sale_rel_uq" ON "pro_branch_sale_rel" USING btree ("branch_id","product_id");--> statement-breakpoint
CREATE INDEX "pro_branch_sale_rel_product_idx" ON "pro_branch_sale_rel" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pro_branch_sale_rel_create_at_idx" ON "pro_branch_sale_rel" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_category_code_uq" ON "pro_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "pro_category_parent_idx" ON "pro_category" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "pro_category_create_at_idx" ON "pro_category" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_product_price_type_uq" ON "pro_product_price" USING btree ("product_id","price_type");--> statement-breakpoint
CREATE INDEX "pro_product_price_create_at_idx" ON "pro_product_price" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_product_unit_use_uq" ON "pro_product_unit" USING btree ("product_id","use_case","unit");--> statement-breakpoint
CREATE INDEX "pro_product_unit_box_spec_idx" ON "pro_product_unit" USING btree ("box_spec_id");--> statement-breakpoint
CREATE INDEX "pro_product_unit_create_at_idx" ON "pro_product_unit" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_product_code_uq" ON "pro_product" USING btree ("code");--> statement-breakpoint
CREATE INDEX "pro_product_create_at_idx" ON "pro_product" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "pro_product_category_create_at_idx" ON "pro_product" USING btree ("category_id","create_at");--> statement-breakpoint
CREATE INDEX "pro_product_name_idx" ON "pro_product" USING btree ("name");--> statement-breakpoint
CREATE INDEX "pro_product_supplier_idx" ON "pro_product" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "pro_product_audit_status_idx" ON "pro_product" USING btree ("audit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_branch_stock_uq" ON "pro_branch_stock" USING btree ("branch_id","product_id","batch_no");--> statement-breakpoint
CREATE INDEX "pro_branch_stock_product_idx" ON "pro_branch_stock" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pro_branch_stock_create_at_idx" ON "pro_branch_stock" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "pro_stock_doc_line_doc_idx" ON "pro_stock_doc_line" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "pro_stock_doc_line_product_idx" ON "pro_stock_doc_line" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_stock_doc_no_uq" ON "pro_stock_doc" USING btree ("doc_no");--> statement-breakpoint
CREATE INDEX "pro_stock_doc_create_at_idx" ON "pro_stock_doc" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "pro_stock_doc_type_idx" ON "pro_stock_doc" USING btree ("doc_type","create_at");--> statement-breakpoint
CREATE INDEX "pro_stock_ledger_stock_idx" ON "pro_stock_ledger" USING btree ("depot_id","product_id","batch_no","create_at");--> statement-breakpoint
CREATE INDEX "pro_stock_ledger_doc_idx" ON "pro_stock_ledger" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "pro_stock_ledger_create_at_idx" ON "pro_stock_ledger" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pro_stock_depot_product_batch_uq" ON "pro_stock" USING btree ("depot_id","product_id","batch_no");--> statement-breakpoint
CREATE INDEX "pro_stock_product_idx" ON "pro_stock" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "pro_stock_create_at_idx" ON "pro_stock" USING btree ("create_at");