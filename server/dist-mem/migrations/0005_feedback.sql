CREATE TABLE "sys_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"create_by_name" varchar(64),
	"reply_status" varchar(1) DEFAULT '0' NOT NULL,
	"reply_content" text,
	"reply_by" uuid,
	"reply_by_name" varchar(64),
	"reply_at" timestamp with time zone,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_feedback_create_by_idx" ON "sys_feedback" USING btree ("create_by");--> statement-breakpoint
CREATE INDEX "sys_feedback_create_at_idx" ON "sys_feedback" USING btree ("create_at");