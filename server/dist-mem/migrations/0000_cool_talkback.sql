CREATE TABLE "md_branch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"branch_type" varchar(16) NOT NULL,
	"country_id" uuid,
	"region" varchar(32),
	"depart_id" uuid,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "md_country" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"currency_name" varchar(64) NOT NULL,
	"currency_code" varchar(8),
	"currency_symbol" varchar(8) NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "md_position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_en" varchar(100),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"org_code" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_branch" (
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_code" (
	"id" integer PRIMARY KEY NOT NULL,
	"category" varchar(32) NOT NULL,
	"zh" text NOT NULL,
	"en" text NOT NULL,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"org_code" varchar(64) NOT NULL,
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(100),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"description" text,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_id" integer NOT NULL,
	"value" varchar(64) NOT NULL,
	"text_id" integer NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_code" varchar(64) NOT NULL,
	"text_id" integer NOT NULL,
	"description" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_failure" (
	"username" varchar(64) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"log_type" integer NOT NULL,
	"user_id" uuid,
	"username" varchar(64),
	"ip" varchar(64),
	"method" varchar(8),
	"path" varchar(255),
	"operation" varchar(128) NOT NULL,
	"resource" varchar(64),
	"object_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"cost_ms" integer,
	"request_id" varchar(64),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"code" varchar(128) NOT NULL,
	"menu_type" integer NOT NULL,
	"text_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" varchar(255),
	"component" varchar(255),
	"redirect" varchar(255),
	"icon" varchar(64),
	"sort_no" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"route" boolean DEFAULT true NOT NULL,
	"internal_or_external" boolean DEFAULT false NOT NULL,
	"auth_type" varchar(1) DEFAULT '1' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"role_id" uuid NOT NULL,
	"permission_id" uuid NOT NULL,
	CONSTRAINT "sys_role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"role_name_en" varchar(100),
	"data_scope" varchar(16) DEFAULT 'personal' NOT NULL,
	"description" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "sys_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"update_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"user_id" uuid NOT NULL,
	"depart_id" uuid NOT NULL,
	CONSTRAINT "sys_user_depart_user_id_depart_id_pk" PRIMARY KEY("user_id","depart_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64) NOT NULL,
	"realname" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"position_id" uuid,
	"phone" varchar(32),
	"email" varchar(128),
	"gender" varchar(1),
	"birthday" date,
	"hire_date" date,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"del_flag" boolean DEFAULT false NOT NULL,
	"org_code" varchar(64),
	"lang" varchar(2) DEFAULT 'zh' NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "md_branch" ADD CONSTRAINT "md_branch_country_id_md_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."md_country"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_branch" ADD CONSTRAINT "sys_user_branch_branch_id_md_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."md_branch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dict_item" ADD CONSTRAINT "sys_dict_item_dict_id_sys_dict_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."sys_dict"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_session" ADD CONSTRAINT "sys_session_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "md_branch_code_uq" ON "md_branch" USING btree ("code");--> statement-breakpoint
CREATE INDEX "md_branch_country_idx" ON "md_branch" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_country_code_uq" ON "md_country" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "md_position_code_uq" ON "md_position" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_branch_pk" ON "sys_user_branch" USING btree ("user_id","branch_id");--> statement-breakpoint
CREATE INDEX "sys_user_branch_branch_idx" ON "sys_user_branch" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "sys_code_category_idx" ON "sys_code" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_org_code_uq" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "sys_depart_parent_idx" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_item_uq" ON "sys_dict_item" USING btree ("dict_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_code_uq" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE INDEX "sys_log_create_at_idx" ON "sys_log" USING btree ("create_at");--> statement-breakpoint
CREATE INDEX "sys_log_object_idx" ON "sys_log" USING btree ("resource","object_id");--> statement-breakpoint
CREATE INDEX "sys_log_user_idx" ON "sys_log" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_permission_code_uq" ON "sys_permission" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sys_permission_parent_idx" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_role_permission_perm_idx" ON "sys_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_code_uq" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_name_uq" ON "sys_role" USING btree ("role_name");--> statement-breakpoint
CREATE INDEX "sys_session_user_idx" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_user_depart_depart_idx" ON "sys_user_depart" USING btree ("depart_id");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree ("username") WHERE "sys_user"."del_flag" = false;--> statement-breakpoint
CREATE INDEX "sys_user_org_code_idx" ON "sys_user" USING btree ("org_code");