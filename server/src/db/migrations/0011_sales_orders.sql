CREATE TABLE "sale_order_delete" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" varchar(32) NOT NULL,
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
CREATE TABLE "sale_order_draft" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_order_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"unit" varchar(16) NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"price" numeric(16, 4) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"delivered_quantity" numeric(16, 3) DEFAULT 0 NOT NULL,
	"boxes" numeric(16, 3) DEFAULT 0 NOT NULL,
	"gross_weight_kg" numeric(16, 3) DEFAULT 0 NOT NULL,
	"net_weight_kg" numeric(16, 3) DEFAULT 0 NOT NULL,
	"volume_m_3" numeric(16, 6) DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_order_line_delivered_ck" CHECK ("sale_order_line"."delivered_quantity" >= 0 and "sale_order_line"."delivered_quantity" <= "sale_order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "sale_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"branch_id" uuid NOT NULL,
	"company_code" varchar(16) NOT NULL,
	"order_date" date NOT NULL,
	"expected_delivery_date" date NOT NULL,
	"actual_delivery_date" date,
	"transport_mode" varchar(16),
	"container_size" varchar(16),
	"certificate_required" varchar(1) DEFAULT '0' NOT NULL,
	"certificate_types" varchar(16)[] DEFAULT '{}'::varchar[] NOT NULL,
	"remark" text,
	"total_boxes" numeric(16, 3) DEFAULT 0 NOT NULL,
	"total_gross_weight_kg" numeric(16, 3) DEFAULT 0 NOT NULL,
	"total_net_weight_kg" numeric(16, 3) DEFAULT 0 NOT NULL,
	"total_volume_m_3" numeric(16, 6) DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"currency" varchar(8),
	"status" integer NOT NULL,
	"sync_status" varchar(1) DEFAULT '0' NOT NULL,
	"creator_name" varchar(64),
	"del_flag" boolean DEFAULT false NOT NULL,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_sub_apply" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"review_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"step_no" integer NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"dept_code" varchar(64),
	"content" text NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"requester_name" varchar(64),
	"reply_note" text,
	"replied_by" uuid,
	"replier_name" varchar(64),
	"replied_at" timestamp with time zone,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_audit_config_step" ADD COLUMN "allow_adjust" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_review_step" ADD COLUMN "allow_adjust" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_delete" ADD CONSTRAINT "sale_order_delete_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_draft" ADD CONSTRAINT "sale_order_draft_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_product_id_pro_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."pro_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_line" ADD CONSTRAINT "sale_order_line_unit_id_pro_product_unit_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."pro_product_unit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order" ADD CONSTRAINT "sale_order_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_sub_apply" ADD CONSTRAINT "sale_sub_apply_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_order_delete_order_idx" ON "sale_order_delete" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_delete_open_uq" ON "sale_order_delete" USING btree ("order_id") WHERE "sale_order_delete"."status" in ('0', '1');--> statement-breakpoint
CREATE INDEX "sale_order_line_order_idx" ON "sale_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_order_line_product_idx" ON "sale_order_line" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_no_uq" ON "sale_order" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "sale_order_status_idx" ON "sale_order" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sale_order_branch_idx" ON "sale_order" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "sale_order_org_idx" ON "sale_order" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "sale_order_create_by_idx" ON "sale_order" USING btree ("create_by");--> statement-breakpoint
CREATE INDEX "sale_order_create_at_idx" ON "sale_order" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "sale_sub_apply_order_idx" ON "sale_sub_apply" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sale_sub_apply_review_idx" ON "sale_sub_apply" USING btree ("review_id","round","step_no");--> statement-breakpoint
CREATE INDEX "sale_sub_apply_role_idx" ON "sale_sub_apply" USING btree ("role_code","status");