CREATE TABLE "notify_key" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"business" varchar(32) NOT NULL,
	"object_id" uuid NOT NULL,
	"step_no" integer NOT NULL,
	"review_version" integer NOT NULL,
	"object_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_decision" varchar(8),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_pref" (
	"user_id" uuid NOT NULL,
	"event" varchar(32) NOT NULL,
	"channels" jsonb NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_pref_user_id_event_pk" PRIMARY KEY("user_id","event")
);
--> statement-breakpoint
CREATE TABLE "notify_robot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"webhook_url" varchar(500) NOT NULL,
	"secret" varchar(200),
	"lang" varchar(2) DEFAULT 'zh' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"description" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_role_default" (
	"role_code" varchar(64) NOT NULL,
	"event" varchar(32) NOT NULL,
	"channels" jsonb NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_role_default_role_code_event_pk" PRIMARY KEY("role_code","event")
);
--> statement-breakpoint
CREATE TABLE "sys_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"topic" varchar(16) NOT NULL,
	"key" varchar(200) NOT NULL,
	"recipient" varchar(200) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"event" varchar(48) NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" varchar(64),
	"lease_until" timestamp with time zone,
	"last_error" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notify_link_review_idx" ON "notify_link" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_robot_org_uq" ON "notify_robot" USING btree ("org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_outbox_key_uq" ON "sys_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sys_outbox_due_idx" ON "sys_outbox" USING btree ("next_attempt_at") WHERE "sys_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sys_outbox_status_idx" ON "sys_outbox" USING btree ("status","create_at");