DROP INDEX "sale_order_line_stat_uq";--> statement-breakpoint
DROP INDEX "sale_order_stat_uq";--> statement-breakpoint
ALTER TABLE "sale_order_line_stat_delta" ADD COLUMN "currency" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_line_stat" ADD COLUMN "currency" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_stat_delta" ADD COLUMN "currency" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_order_stat" ADD COLUMN "currency" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_line_stat_uq" ON "sale_order_line_stat" USING btree ("month","product_id","org_code","create_by","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_stat_uq" ON "sale_order_stat" USING btree ("month","branch_id","status","sync_status","org_code","create_by","currency");