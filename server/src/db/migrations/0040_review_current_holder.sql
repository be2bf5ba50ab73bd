DROP INDEX "sys_review_step_open_idx";--> statement-breakpoint
ALTER TABLE "sys_review" ADD COLUMN "current_role_code" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_review" ADD COLUMN "current_dept_code" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_review" ADD COLUMN "current_time_limit_hours" integer;--> statement-breakpoint
CREATE INDEX "sys_review_inbox_idx" ON "sys_review" USING btree ("current_role_code","current_dept_code","step_started_at" DESC NULLS FIRST,"id") WHERE "sys_review"."status" in ('0', '1');