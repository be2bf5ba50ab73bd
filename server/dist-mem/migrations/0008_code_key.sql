ALTER TABLE "sys_code" ADD COLUMN "key" varchar(160);--> statement-breakpoint
CREATE UNIQUE INDEX "sys_code_key_uq" ON "sys_code" USING btree ("key");