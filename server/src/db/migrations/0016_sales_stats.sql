CREATE TABLE "sale_order_line_stat_delta" (
	"month" date NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"create_by" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(20, 3) NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_order_line_stat" (
	"month" date NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"create_by" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" numeric(20, 3) NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_order_stat_delta" (
	"month" date NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"create_by" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"sync_status" varchar(1) NOT NULL,
	"orders" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_order_stat" (
	"month" date NOT NULL,
	"org_code" varchar(64) NOT NULL,
	"create_by" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"sync_status" varchar(1) NOT NULL,
	"orders" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_line_stat_uq" ON "sale_order_line_stat" USING btree ("month","product_id","org_code","create_by");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_order_stat_uq" ON "sale_order_stat" USING btree ("month","branch_id","status","sync_status","org_code","create_by");