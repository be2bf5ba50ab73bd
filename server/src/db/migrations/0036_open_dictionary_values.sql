ALTER TABLE "pro_product_unit" ALTER COLUMN "unit" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "pro_product" ALTER COLUMN "dosage_form" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "pro_product" ALTER COLUMN "label_type" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "pro_product" ALTER COLUMN "unit" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "sale_order_line" ALTER COLUMN "unit" SET DATA TYPE varchar(64);