CREATE TABLE "sys_audit_config_step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"step_name" varchar(100),
	"dept_type" varchar(16) DEFAULT 'fixed' NOT NULL,
	"org_code" varchar(64),
	"role_code" varchar(64) NOT NULL,
	"time_limit_hours" integer
);
--> statement-breakpoint
CREATE TABLE "sys_audit_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"repeat_audit" boolean DEFAULT false NOT NULL,
	"reject_flow" varchar(16) DEFAULT 'submitter' NOT NULL,
	"forbid_self_approval" boolean DEFAULT false NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"description" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_review_decision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"step_no" integer NOT NULL,
	"dept_code" varchar(64),
	"role_code" varchar(64) NOT NULL,
	"decision" varchar(8) NOT NULL,
	"user_id" uuid,
	"note" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_review_step" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"step_name" varchar(100),
	"dept_code" varchar(64),
	"role_code" varchar(64) NOT NULL,
	"time_limit_hours" integer,
	"is_audit" integer DEFAULT 0 NOT NULL,
	"decision" varchar(8),
	"user_id" uuid,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "sys_review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business" varchar(32) NOT NULL,
	"object_id" varchar(64) NOT NULL,
	"object_no" varchar(64),
	"config_id" uuid,
	"round" integer DEFAULT 1 NOT NULL,
	"repeat_audit" boolean NOT NULL,
	"reject_flow" varchar(16) NOT NULL,
	"forbid_self_approval" boolean NOT NULL,
	"submitter_id" uuid,
	"submitter_org_code" varchar(64),
	"step_count" integer NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"status" varchar(1) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"step_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_audit_config_step" ADD CONSTRAINT "sys_audit_config_step_config_id_sys_audit_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sys_audit_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review_decision" ADD CONSTRAINT "sys_review_decision_review_id_sys_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."sys_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review_decision" ADD CONSTRAINT "sys_review_decision_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review_step" ADD CONSTRAINT "sys_review_step_review_id_sys_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."sys_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review_step" ADD CONSTRAINT "sys_review_step_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review" ADD CONSTRAINT "sys_review_config_id_sys_audit_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sys_audit_config"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_review" ADD CONSTRAINT "sys_review_submitter_id_sys_user_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_audit_config_step_uq" ON "sys_audit_config_step" USING btree ("config_id","step_no");--> statement-breakpoint
CREATE INDEX "sys_audit_config_business_idx" ON "sys_audit_config" USING btree ("business");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_audit_config_active_uq" ON "sys_audit_config" USING btree ("business") WHERE "sys_audit_config"."status" = '1';--> statement-breakpoint
CREATE INDEX "sys_review_decision_review_idx" ON "sys_review_decision" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "sys_review_decision_user_idx" ON "sys_review_decision" USING btree ("user_id","create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_review_step_uq" ON "sys_review_step" USING btree ("review_id","step_no");--> statement-breakpoint
CREATE INDEX "sys_review_step_reviewer_idx" ON "sys_review_step" USING btree ("role_code","dept_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_review_object_uq" ON "sys_review" USING btree ("business","object_id");--> statement-breakpoint
CREATE INDEX "sys_review_status_idx" ON "sys_review" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sys_review_config_idx" ON "sys_review" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "sys_review_submitter_idx" ON "sys_review" USING btree ("submitter_id");