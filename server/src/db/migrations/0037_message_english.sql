ALTER TABLE "sys_message" ADD COLUMN "title_en" varchar(255);--> statement-breakpoint
ALTER TABLE "sys_message" ADD COLUMN "content_en" text;