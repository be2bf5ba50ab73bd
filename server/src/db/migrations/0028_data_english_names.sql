ALTER TABLE "sys_audit_config_step" ADD COLUMN "step_name_en" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_audit_config" ADD COLUMN "name_en" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_review_step" ADD COLUMN "step_name_en" varchar(100);