CREATE TABLE "sys_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" varchar(64) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"mime" varchar(128) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"kind" varchar(16) DEFAULT 'upload' NOT NULL,
	"table_dic" varchar(64),
	"object_id" varchar(64),
	"create_by" uuid NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"phase" varchar(16) DEFAULT 'reading' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error_file_id" uuid,
	"message" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_saved_query" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"resource" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"conditions" jsonb NOT NULL,
	"match_type" varchar(3) NOT NULL,
	"role_ids" uuid[] DEFAULT '{}' NOT NULL,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_attachment_storage_key_uq" ON "sys_attachment" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "sys_attachment_object_idx" ON "sys_attachment" USING btree ("table_dic","object_id");--> statement-breakpoint
CREATE INDEX "sys_attachment_create_by_idx" ON "sys_attachment" USING btree ("create_by");--> statement-breakpoint
CREATE INDEX "sys_import_job_user_idx" ON "sys_import_job" USING btree ("user_id","create_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_saved_query_owner_name_uq" ON "sys_saved_query" USING btree ("user_id","resource","name");--> statement-breakpoint
CREATE INDEX "sys_saved_query_resource_idx" ON "sys_saved_query" USING btree ("resource");