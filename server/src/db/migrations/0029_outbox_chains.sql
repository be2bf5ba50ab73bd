ALTER TABLE "sys_outbox" ADD COLUMN "chain" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_outbox" ADD COLUMN "receiver_key" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_outbox" ADD COLUMN "receipt" varchar(64);--> statement-breakpoint
CREATE INDEX "sys_outbox_chain_idx" ON "sys_outbox" USING btree ("chain","seq") WHERE "sys_outbox"."chain" is not null;