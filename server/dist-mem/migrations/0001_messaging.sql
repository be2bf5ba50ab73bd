CREATE TABLE "md_box_spec" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"length_cm" numeric(10, 2) NOT NULL,
	"width_cm" numeric(10, 2) NOT NULL,
	"height_cm" numeric(10, 2) NOT NULL,
	"gross_weight_kg" numeric(10, 3) NOT NULL,
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
CREATE TABLE "md_depot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"depot_type" varchar(16) NOT NULL,
	"location" varchar(255),
	"manager_name" varchar(64),
	"manager_phone" varchar(32),
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
CREATE TABLE "md_supplier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"supplier_type" varchar(16) NOT NULL,
	"country_id" uuid,
	"contact_person" varchar(64),
	"phone" varchar(32),
	"email" varchar(128),
	"address" varchar(255),
	"tax_number" varchar(64),
	"bank_name" varchar(128),
	"bank_account" varchar(64),
	"remark" text,
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
CREATE TABLE "sys_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"creator" varchar(64),
	"creator_id" uuid,
	"read_flag" integer DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"menu_id" varchar(128),
	"params" jsonb,
	"notice_id" uuid,
	"source" varchar(64),
	"batch_id" uuid NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_notice_recipient" (
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_flag" integer DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	CONSTRAINT "sys_notice_recipient_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sys_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"notice_type" varchar(16) NOT NULL,
	"open_type" varchar(8) DEFAULT 'detail' NOT NULL,
	"open_url" varchar(500),
	"target_type" varchar(16) DEFAULT 'all' NOT NULL,
	"target_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"sender_id" uuid,
	"sender_name" varchar(64),
	"publish_time" timestamp with time zone,
	"withdraw_time" timestamp with time zone,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sequence" (
	"prefix" varchar(16) NOT NULL,
	"day" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "sys_sequence_prefix_day_pk" PRIMARY KEY("prefix","day")
);
--> statement-breakpoint
ALTER TABLE "md_branch" ADD COLUMN "name_pinyin" varchar(512);--> statement-breakpoint
ALTER TABLE "md_branch" ADD COLUMN "name_initials" varchar(128);--> statement-breakpoint
ALTER TABLE "md_country" ADD COLUMN "name_pinyin" varchar(512);--> statement-breakpoint
ALTER TABLE "md_country" ADD COLUMN "name_initials" varchar(128);--> statement-breakpoint
ALTER TABLE "md_position" ADD COLUMN "name_pinyin" varchar(512);--> statement-breakpoint
ALTER TABLE "md_position" ADD COLUMN "name_initials" varchar(128);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "name_pinyin" varchar(512);--> statement-breakpoint
ALTER TABLE "sys_depart" ADD COLUMN "name_initials" varchar(128);--> statement-breakpoint
ALTER TABLE "md_supplier" ADD CONSTRAINT "md_supplier_country_id_md_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."md_country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_message" ADD CONSTRAINT "sys_message_recipient_id_sys_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_recipient" ADD CONSTRAINT "sys_notice_recipient_notice_id_sys_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."sys_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_notice_recipient" ADD CONSTRAINT "sys_notice_recipient_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "md_box_spec_code_uq" ON "md_box_spec" USING btree ("code");--> statement-breakpoint
CREATE INDEX "md_box_spec_create_at_idx" ON "md_box_spec" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "md_depot_code_uq" ON "md_depot" USING btree ("code");--> statement-breakpoint
CREATE INDEX "md_depot_create_at_idx" ON "md_depot" USING btree ("create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "md_supplier_code_uq" ON "md_supplier" USING btree ("code");--> statement-breakpoint
CREATE INDEX "md_supplier_create_at_idx" ON "md_supplier" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "md_supplier_type_idx" ON "md_supplier" USING btree ("supplier_type");--> statement-breakpoint
CREATE INDEX "md_supplier_name_idx" ON "md_supplier" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sys_message_recipient_idx" ON "sys_message" USING btree ("recipient_id","read_flag","create_time");--> statement-breakpoint
CREATE INDEX "sys_message_batch_idx" ON "sys_message" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "sys_notice_recipient_user_idx" ON "sys_notice_recipient" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_notice_status_idx" ON "sys_notice" USING btree ("status","publish_time");--> statement-breakpoint
CREATE INDEX "md_branch_create_at_idx" ON "md_branch" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "md_country_create_at_idx" ON "md_country" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "md_position_create_at_idx" ON "md_position" USING btree ("create_at");