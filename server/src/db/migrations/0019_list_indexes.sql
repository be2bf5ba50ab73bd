DROP INDEX "sale_order_create_at_idx";--> statement-breakpoint
CREATE INDEX "sale_order_live_create_at_idx" ON "sale_order" USING btree ("create_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "sale_order"."del_flag" = false;--> statement-breakpoint
CREATE INDEX "sale_order_live_branch_status_idx" ON "sale_order" USING btree ("branch_id","status","create_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"order_date","org_code") WHERE "sale_order"."del_flag" = false;--> statement-breakpoint
CREATE INDEX "sale_order_no_trgm_idx" ON "sale_order" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sale_order_remark_trgm_idx" ON "sale_order" USING gin ("remark" gin_trgm_ops);