ALTER TABLE "sys_notice" ADD COLUMN "title_en" varchar(200);--> statement-breakpoint
ALTER TABLE "sys_notice" ADD COLUMN "content_en" text;