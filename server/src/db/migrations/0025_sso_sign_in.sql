CREATE TABLE "sys_sso_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_name" varchar(200) NOT NULL,
	"role_id" uuid,
	"depart_id" uuid,
	"description" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" uuid,
	"update_at" timestamp with time zone,
	"update_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sso_login" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"redirect" varchar(512),
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"user_id" uuid,
	"ticket_hash" varchar(64),
	"token_hash" varchar(64),
	"id_token" text
);
--> statement-breakpoint
ALTER TABLE "sys_sso_group" ADD CONSTRAINT "sys_sso_group_role_id_sys_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_sso_group" ADD CONSTRAINT "sys_sso_group_depart_id_sys_depart_id_fk" FOREIGN KEY ("depart_id") REFERENCES "public"."sys_depart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_sso_login" ADD CONSTRAINT "sys_sso_login_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_sso_group_name_idx" ON "sys_sso_group" USING btree ("group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_sso_login_state_uq" ON "sys_sso_login" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_sso_login_ticket_uq" ON "sys_sso_login" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "sys_sso_login_token_idx" ON "sys_sso_login" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sys_sso_login_create_idx" ON "sys_sso_login" USING btree ("create_at");