CREATE INDEX "pro_product_name_trgm_idx" ON "pro_product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pro_product_name_pinyin_trgm_idx" ON "pro_product" USING gin ("name_pinyin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pro_product_name_initials_trgm_idx" ON "pro_product" USING gin ("name_initials" gin_trgm_ops);