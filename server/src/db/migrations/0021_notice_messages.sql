ALTER TABLE "sys_notice_recipient" DROP CONSTRAINT "sys_notice_recipient_notice_id_sys_notice_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_notice_recipient" DROP CONSTRAINT "sys_notice_recipient_user_id_sys_user_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_notice_recipient" ADD COLUMN "message_removed" boolean DEFAULT false NOT NULL;