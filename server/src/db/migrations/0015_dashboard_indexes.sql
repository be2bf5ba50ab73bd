CREATE INDEX "sale_order_order_date_idx" ON "sale_order" USING btree ("order_date");--> statement-breakpoint
CREATE INDEX "sale_order_expected_delivery_idx" ON "sale_order" USING btree ("expected_delivery_date");--> statement-breakpoint
CREATE INDEX "sale_order_unsynced_idx" ON "sale_order" USING btree ("sync_status") WHERE "sale_order"."sync_status" <> '2';--> statement-breakpoint
CREATE INDEX "pro_stock_expiry_idx" ON "pro_stock" USING btree ("expiry_date") WHERE "pro_stock"."quantity" > 0;